/**
 * What the public folder may publish. Everything in it is copied to the site's origin as it is,
 * and a content pull request can add to it: so it publishes data (images, fonts, media, PDFs,
 * text, JSON) and never code. A file a browser would run as script on the site's origin, or one a
 * host reads as its own configuration, is refused; script the site really needs comes from the
 * theme, plugins or config (trusted), never from content (issue 38).
 */

/** Why a public file is refused, and how to fix it. */
export interface PublicFileRefusal {
  reason: string
  hint: string
}

/**
 * Extensions a browser (or a common host) treats as a document or code that runs script:
 * HTML and its variants open as same-origin documents, XSLT turns XML into one, JavaScript and
 * WebAssembly run (a `sw.js` becomes a service worker that answers every later navigation),
 * and plugins' formats (Flash, Java, AppCache manifests) did once and some hosts still serve them
 * with their types. Server-side includes and PHP run on some hosts.
 */
const codeExtensions = new Set([
  '.html',
  '.htm',
  '.xhtml',
  '.xht',
  '.shtml',
  '.shtm',
  '.stm',
  '.mht',
  '.mhtml',
  '.hta',
  '.php',
  '.phtml',
  // (Not `.ts`: hosts serve it as an MPEG transport stream, which is media.)
  '.js',
  '.mjs',
  '.cjs',
  '.jsx',
  '.mts',
  '.cts',
  '.tsx',
  '.wasm',
  '.xsl',
  '.xslt',
  '.swf',
  '.jar',
  '.class',
  '.appcache',
  '.manifest',
  '.vbs',
])

/** XML documents a browser renders (and so runs script in) when opened: kept only when they hold none. */
const xmlDocumentExtensions = new Set(['.svg', '.svgz', '.xml', '.rss', '.atom'])

/** Files hosts read as their own configuration: headers, redirects, rewrites, server code. */
const hostConfigNames = new Map<string, string>([
  [
    '_headers',
    "declare the headers in `site/config.ts`: `headers: [{ for: '/*', values: { 'X-Frame-Options': " +
      "'DENY' } }]` (see docs/configuration.md).",
  ],
  [
    '_redirects',
    "declare redirects in `site/config.ts` with the `redirects()` plugin: `redirects({ redirects: { '/old': " +
      "'/new' } })` (see docs/plugins.md).",
  ],
  ['.htaccess', 'declare headers in `site/config.ts` (`headers`) and redirects with the `redirects()` plugin.'],
  ['_routes.json', 'host routing is not content: configure it outside the public folder.'],
])

/**
 * What makes an XML document run script: a script element (in any namespace prefix), an event
 * handler attribute (or an animation that sets one), foreignObject (it embeds HTML), a `javascript:`/`vbscript:` or
 * HTML/SVG `data:` URL, an XSLT stylesheet, the XHTML namespace (its `<script>` runs in an XML
 * document), and entity declarations (an entity can expand to any of these after the check).
 * Matched after character references are decoded, so `java&#115;cript:` is seen too.
 */
const activeXmlRE = new RegExp(
  [
    String.raw`<\s*([\w.-]+:)?(script|foreignObject|iframe|embed|object|handler|listener)\b`,
    String.raw`\son[a-z]+\s*=`,
    String.raw`attributeName\s*=\s*["']\s*on`,
    String.raw`(java|vb)script\s*:`,
    String.raw`data\s*:\s*(text\/html|image\/svg|application\/(xhtml|xml))`,
    String.raw`<\?xml-stylesheet`,
    String.raw`www\.w3\.org\/1999\/xhtml`,
    '<!ENTITY',
  ].join('|'),
  'i',
)

const textDecoder = new TextDecoder('utf-8')

/**
 * Why the public file at `relative` (its path in the public folder, `/` separators) cannot be
 * published, or null when it can. `read` gives its bytes; it is called only for the XML
 * documents whose content decides.
 */
export function publicFileRefusal(relative: string, read: () => Uint8Array): PublicFileRefusal | null {
  const name = relative.slice(relative.lastIndexOf('/') + 1)
  const lowerName = name.toLowerCase()
  const hostHint = hostConfigNames.get(lowerName)
  if (hostHint)
    return {
      reason:
        `\`${name}\` is a host's configuration: headers and redirects come from the site's config, ` +
        `never from content.`,
      hint: hostHint,
    }
  const extension = extensionOf(lowerName)
  if (codeExtensions.has(extension)) {
    return {
      reason:
        `A \`${extension}\` file runs as code (or as a document that runs script) on the site's origin: ` +
        `the public folder publishes no code.`,
      hint:
        'remove it. Script the site needs comes from the theme, plugins or config, never from content; ' +
        'link to a page or an external URL instead.',
    }
  }
  if (xmlDocumentExtensions.has(extension) && isActiveXml(read())) {
    return {
      reason:
        `The \`${extension}\` file holds script: a \`<script>\`, an event handler (\`on…=\`), ` +
        `\`foreignObject\`, a \`javascript:\` URL, an XSLT stylesheet or an entity declaration. ` +
        `Opened on the site's origin, it would run it.`,
      hint:
        'remove the script from the file (a plain drawing keeps working), ' +
        'or export it again without interactivity.',
    }
  }
  return null
}

/** Whether an XML document (an SVG) holds anything that can run script when it is opened. */
export function isActiveXml(bytes: Uint8Array): boolean {
  // A compressed SVG (.svgz) cannot be read here: it is refused unless it is plain text.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return true
  return activeXmlRE.test(decodeCharacterReferences(textDecoder.decode(bytes)))
}

/** `&#115;`, `&#x73;` and the few named references that spell URL syntax, decoded. */
function decodeCharacterReferences(text: string): string {
  return (
    text
      .replace(/&#x0*([0-9a-f]+);?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
      .replace(/&#0*([0-9]+);?/g, (_, decimal: string) => codePoint(parseInt(decimal, 10)))
      .replace(
        /&(colon|tab|newline);/gi,
        (_, named: string) => ({ colon: ':', tab: '\t', newline: '\n' })[named.toLowerCase()] ?? '',
      )
      // Whitespace a URL parser strips inside a scheme (`java\tscript:`) is gone before the match.
      .replace(/(java|vb)[\t\n\r]+script/gi, '$1script')
  )
}

function codePoint(value: number): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : ''
}

/** The last extension of a lowercased name (`.js` of `a.min.js`); a name that is only a dotfile has none. */
function extensionOf(lowerName: string): string {
  const dot = lowerName.lastIndexOf('.')
  return dot > 0 ? lowerName.slice(dot) : ''
}
