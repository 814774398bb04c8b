import { fenceRoles, FenceRole } from '../markdown/fenceScanner.ts'
import { parseFrontmatter } from '../markdown/frontmatter.ts'
import { titleFromFile } from '../markdown/titleFromFile.ts'
import type { Plugin } from '../plugins/types.ts'
import type { MarkdownCache } from '../sources/markdownCache.ts'
import { toSlug } from '../sources/markdownTransformer.ts'
import { createContentDigest } from '../store/digest.ts'
import type { NodeInput, SheafNode } from '../store/types.ts'

const markdownExtensionRE = /\.mdx?$/

/**
 * The fields of a page that come from its body (markdown -> HAST): an outline page holds empty
 * ones until its body is transformed (see server/pageBodies.ts). The TOC and anchors come with
 * the body: they are its headings.
 */
export const bodyFields = ['rawBody', 'body', 'toc', 'anchors', 'links', 'text', 'sections'] as const

/** Marks an outline page (a Page node whose body fields are placeholders). */
export const outlineMark = 'sheaf:outline'

/**
 * The dev server's cheap stand-in for the markdown transformer (sources/markdownTransformer.ts):
 * a markdown `File` becomes a `Page` with its front-matter, title, route fields and description,
 * read without parsing the markdown, and empty body fields. Why: transforming every page's body
 * before serving the first one was 14 s of a 15.6 s cold start at N = 1,000; routes, titles and
 * sidebars need none of it.
 *
 * The node's digest is the one the full transformer gives the same file (same inputs), so once a
 * page's body is transformed (and its title and front-matter found as read here) it is the very
 * node a full load makes. Nothing here throws for bad content: a page whose front-matter does not
 * parse gets its title from its file name, and the full load that follows reports the error.
 */
export function outlineTransformer(
  cache: MarkdownCache,
  defaultLang: string,
  isFragment: (sourcePath: string) => boolean = () => false,
): Plugin {
  let count = 0
  return {
    name: 'sheaf:markdown',
    async onCreateNode({ node, createNode }) {
      if (node.type !== 'File' || typeof node.relativePath !== 'string' || !markdownExtensionRE.test(node.relativePath))
        return
      if (isFragment(String(node.sourcePath))) return
      createNode(outlinePage(node, cache, defaultLang))
      // The transform loop only awaits promises that are already settled, which would hold back
      // every I/O callback until it ends: the dev server loads the theme through Vite meanwhile.
      if (++count % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve))
    },
  }
}

/** Pages between two turns of the event loop while outlining (a few milliseconds of work). */
const yieldEvery = 100

/** A page's outline: what the full transformer would give it, minus its body fields. */
export function outlinePage(node: SheafNode, cache: MarkdownCache, defaultLang: string): NodeInput {
  const relativePath = String(node.relativePath)
  const file = String(node.sourcePath)
  const source = typeof node.content === 'string' ? node.content : ''
  const frontmatter = safeFrontmatter(source, file)
  const slug = toSlug(relativePath)
  return {
    type: 'Page',
    key: relativePath,
    parent: node.id,
    relativePath,
    slug,
    langPrefix: '',
    versionPrefix: '',
    path: slug,
    lang: defaultLang,
    version: null,
    title: outlineTitle(source, frontmatter, file),
    description: typeof frontmatter.description === 'string' ? frontmatter.description : '',
    pageType: typeof frontmatter.pageType === 'string' ? frontmatter.pageType : 'doc',
    frontmatter,
    toc: [],
    anchors: [],
    links: [],
    sourcePath: node.sourcePath,
    lastUpdated: node.lastUpdated ?? null,
    rawBody: { type: 'root', children: [] },
    body: { type: 'root', children: [] },
    text: '',
    sections: [],
    // As markdownTransformer.ts makes it: the same file gets the same digest either way.
    internal: {
      contentDigest: createContentDigest([
        cache.key(source, file),
        relativePath,
        node.sourcePath,
        node.lastUpdated ?? null,
        defaultLang,
      ]),
    },
  }
}

function safeFrontmatter(source: string, file: string): Record<string, unknown> {
  const simple = simpleFrontmatter(source)
  if (simple) return simple
  try {
    return parseFrontmatter(source, file).data
  } catch {
    // Reported with its line by the full load (the page's own request reports it too).
    return {}
  }
}

const frontmatterRE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/
const simpleLineRE = /^([A-Za-z_][\w-]*):[ \t]+(.*?)[ \t]*$/
const doubleQuotedRE = /^"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/
const singleQuotedRE = /^'((?:[^']|'')*)'$/
/**
 * A plain scalar YAML reads as this very string: starts with a letter, no `:` or `#` (mappings, comments), no keyword.
 */
const plainRE = /^[A-Za-z][^:#]*$/
const keywordRE = /^(?:true|false|null|yes|no|on|off|y|n)$/i

/**
 * Front-matter of `key: string` lines only (quoted or plain), read without the YAML parser:
 * yaml took 300 ms of a 1,000-page outline. Null for anything else (nesting, lists, numbers,
 * keywords, comments), which the YAML parser then reads; it agrees with the parser on what it reads.
 */
export function simpleFrontmatter(source: string): Record<string, unknown> | null {
  // (As parseFrontmatter: a block only at the very start.)
  if (!source.startsWith('---')) return {}
  const block = frontmatterRE.exec(source)
  if (!block) return null
  const data: Record<string, unknown> = {}
  for (const line of (block[1] as string).split(/\r?\n/)) {
    const match = simpleLineRE.exec(line)
    if (!match || match[1] === '__proto__' || Object.hasOwn(data, match[1] as string)) return null
    const value = match[2] as string
    if (doubleQuotedRE.test(value)) data[match[1] as string] = JSON.parse(value)
    else if (singleQuotedRE.test(value)) data[match[1] as string] = value.slice(1, -1).replace(/''/g, "'")
    else if (plainRE.test(value) && !keywordRE.test(value)) data[match[1] as string] = value
    else return null
  }
  return data
}

const atxH1RE = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/

/**
 * The title as the processor finds it (processor.ts): the front-matter's, else the first `# `
 * heading's text, else a home page's hero name, else one made from the file name. The heading's
 * text is read from the source with its inline markup taken off; where that reads differently
 * from the parsed heading, the page's own transform (or the full load) corrects it.
 */
export function outlineTitle(source: string, frontmatter: Record<string, unknown>, file: string): string {
  if (typeof frontmatter.title === 'string' && frontmatter.title.trim()) return frontmatter.title.trim()
  const heading = firstH1(source)
  if (heading) return heading
  const hero = frontmatter.pageType === 'home' ? (frontmatter.hero as { name?: unknown } | undefined) : undefined
  const heroName = typeof hero?.name === 'string' ? hero.name.replace(/<[^>]*>/g, '').trim() : ''
  return heroName || titleFromFile(file)
}

function firstH1(source: string): string | undefined {
  const lines = source.split('\n')
  let roles: Uint8Array | null = null
  for (let index = 0; index < lines.length; index++) {
    const match = atxH1RE.exec(lines[index] as string)
    if (!match) continue
    // Only a heading outside fenced code counts (looked up once a candidate is found).
    roles ??= fenceRoles(source, lines.length)
    if (roles[index] !== FenceRole.Outside) continue
    const text = plainInline(match[1] as string)
    if (text) return text
  }
  return undefined
}

/** Inline markdown as text: `{#id}`, HTML tags, links, code spans and emphasis markers taken off. */
function plainInline(markdown: string): string {
  return markdown
    .replace(/\s*\{#[^}]*\}\s*$/, '')
    .replace(/<[^>]*>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^]*?\S)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
    .trim()
}
