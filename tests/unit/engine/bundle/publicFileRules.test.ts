import { describe, expect, it } from 'vitest'
import { publicFileRefusal } from '../../../../engine/bundle/publicFileRules.ts'
import { contentFsDeny } from '../../../../engine/server/contentFsDeny.ts'
import { headersRulesText, validateHeadersOption } from '../../../../engine/config/headersOption.ts'
import { assetScriptDirectives, assetsPathOf } from '../../../../engine/render/assetScriptPolicy.ts'
import { defaultCspDirectives } from '../../../../engine/render/contentSecurityPolicy.ts'

// Issue 38: the public folder is copied to the site's origin, and a content pull request can add
// to it. It publishes data, never code, and never a host's configuration.

const refusalOf = (name: string, text = '') => publicFileRefusal(name, () => new TextEncoder().encode(text))
const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`

describe('the public folder publishes no code', () => {
  const code = [
    'ext.html',
    'a/b/page.HTM',
    'doc.xhtml',
    'x.xht',
    'inc.shtml',
    'saved.mht',
    'evil.js',
    'sw.js',
    'service-worker.js',
    'lib.mjs',
    'lib.cjs',
    'm.wasm',
    'movie.swf',
    'app.jar',
    'offline.appcache',
    'cache.manifest',
    'transform.xsl',
    'transform.xslt',
    'page.php',
    '_worker.js',
  ]
  for (const name of code) {
    it(`refuses ${name}, saying why and that script comes from the theme, plugins or config`, () => {
      const refusal = refusalOf(name)
      expect(refusal?.reason).toMatch(/runs as code|document that runs script/)
      expect(refusal?.hint).toMatch(/theme, plugins or config/)
    })
  }

  const activeSvgs: [string, string][] = [
    ['a script element', svg('<script>alert(1)</script>')],
    ['a prefixed script element', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['an event handler', svg('<rect width="10" height="10"/>', ' onload="alert(1)"')],
    ['an event handler on a child', svg('<circle r="3" onclick ="alert(1)"/>')],
    ['foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    [
      'a javascript: link spelt with character references',
      svg('<a href="java&#115;cript&#x3a;alert(1)"><text>x</text></a>'),
    ],
    [
      'an animation that sets an event handler',
      svg('<rect width="10" height="10"><set attributeName="onclick" to="alert(1)"/></rect>'),
    ],
    [
      'a javascript: animation target',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
    ],
    ['an XSLT stylesheet', `<?xml-stylesheet type="text/xsl" href="t.xsl"?>${svg('')}`],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]>${svg('&s;')}`],
    ['an HTML data: URL', svg('<a href="data:text/html,<script>alert(1)</script>"><text>x</text></a>')],
  ]
  for (const [what, text] of activeSvgs) {
    it(`refuses an SVG with ${what}`, () => {
      expect(refusalOf('pictures/drawing.svg', text)?.reason).toMatch(/holds script/)
    })
  }

  it('refuses an XML document with XHTML script in it', () => {
    expect(
      refusalOf('feed.xml', '<feed><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></feed>'),
    ).not.toBeNull()
  })

  it('keeps a clean SVG, images, fonts, media, PDFs, text and data', () => {
    expect(
      refusalOf(
        'logo.svg',
        svg('<style>.a{fill:red}</style><path class="a" d="M0 0h10v10z"/><text>Only one option</text>'),
      ),
    ).toBeNull()
    for (const name of [
      'img/a.png',
      'a.jpg',
      'a.webp',
      'a.gif',
      'a.ico',
      'f.woff2',
      'f.ttf',
      'v.mp4',
      'clip.ts',
      'a.mp3',
      'doc.pdf',
      'robots.txt',
      'data.json',
      'table.csv',
      'site.webmanifest',
      'style.css',
      'README',
      'notes.md',
      'sitemap-extra.xml',
    ]) {
      expect(refusalOf(name, '<urlset><url><loc>https://example.org/</loc></url></urlset>'), name).toBeNull()
    }
  })
})

describe('headers and redirects come from config', () => {
  for (const name of ['_headers', '_redirects', 'nested/_headers', '.htaccess']) {
    it(`refuses ${name} with a hint to declare it in site/config.ts`, () => {
      const refusal = refusalOf(name, '/*\n  Refresh: 2; url=http://evil.example/\n')
      expect(refusal?.reason).toMatch(/headers and redirects come from the site's config/)
      expect(refusal?.hint).toMatch(/site\/config\.ts/)
    })
  }

  it('checks the config field and writes it in the _headers format', () => {
    const fail = (field: string, problem: string): never => {
      throw new Error(`${field} ${problem}`)
    }
    const rules = validateHeadersOption([{ for: '/*', values: { 'X-Frame-Options': 'DENY' } }], fail)
    expect(headersRulesText(rules)).toBe('/*\n  X-Frame-Options: DENY')
    expect(() => validateHeadersOption([{ for: '/*', values: { 'X-A': 'a\n/*\n  Refresh: 0' } }], fail)).toThrow(
      /headers\[0\]\.values\["X-A"\] must be a string on one line/,
    )
    expect(() => validateHeadersOption([{ for: 'x y', values: {} }], fail)).toThrow(
      /headers\[0\]\.for must be a path pattern/,
    )
    expect(() => validateHeadersOption({ '/*': {} }, fail)).toThrow(/headers must be an array/)
  })
})

describe('scripts only from the build’s assets', () => {
  it("narrows 'self' to the assets folder in script-src and worker-src, keeping other sources", () => {
    expect(assetsPathOf('/react-native-testing-library/assets/entry-x1.js')).toBe(
      '/react-native-testing-library/assets/',
    )
    const narrowed = assetScriptDirectives(
      { ...defaultCspDirectives, 'script-src': ["'self'", 'https://cdn.example.org'] },
      '/docs/assets/',
    )
    expect(narrowed).toEqual({
      'script-src': ['*:*/docs/assets/', 'https://cdn.example.org'],
      'worker-src': ['*:*/docs/assets/'],
    })
    expect(assetsPathOf('https://cdn.example.org/assets/entry.js')).toBeNull()
  })
})

describe('the dev server serves no content file raw', () => {
  it('denies every content folder beside Vite’s own list, but never the project itself', () => {
    const deny = contentFsDeny(['/site/content', '/site'], '/site')
    expect(deny).toContain('**/.git/**')
    expect(deny).toContain('/site/content/**')
    expect(deny).not.toContain('/site/**')
  })
})
