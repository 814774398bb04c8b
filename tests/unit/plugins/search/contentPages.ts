import fs from 'node:fs'
import path from 'node:path'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { toSlug } from '../../../../engine/sources/markdownTransformer.ts'
import type { SearchablePage } from '../../../../plugins/search/shared/pageDocuments.ts'

const root = path.resolve(import.meta.dirname, '../../../..')

/** Loaded once per version and prefix in a test worker: the tests only read the pages (an edit clones them first). */
const loaded = new Map<string, Promise<SearchablePage[]>>()
/** One processor (one shiki highlighter) for every load. */
let processor: ReturnType<typeof createProcessor> | undefined

async function createProcessor() {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  return createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
}

/**
 * The real pages of one version folder, through the engine's markdown
 * processor (home and 404 pages left out, as the plugin does).
 */
export function loadContentPages(version: string, routePrefix = ''): Promise<SearchablePage[]> {
  const key = `${version}\0${routePrefix}`
  let pages = loaded.get(key)
  if (!pages) {
    pages = readContentPages(version, routePrefix)
    loaded.set(key, pages)
  }
  return pages
}

async function readContentPages(version: string, routePrefix: string): Promise<SearchablePage[]> {
  const dir = path.join(root, 'content', version)
  processor ??= createProcessor()
  const markdown = await processor
  const pages: SearchablePage[] = []
  for (const relativePath of walk(dir)) {
    const file = path.join(dir, relativePath)
    const result = await markdown.process({ source: fs.readFileSync(file, 'utf8'), file: path.relative(root, file), mdx: file.endsWith('.mdx') })
    const pageType = typeof result.frontmatter.pageType === 'string' ? result.frontmatter.pageType : 'doc'
    if (pageType === 'home' || pageType === '404') continue
    pages.push({ path: `${routePrefix}${toSlug(relativePath)}`, title: result.title, sections: result.sections, toc: result.toc })
  }
  return pages
}

function walk(dir: string, relative = ''): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...walk(dir, child))
    else if (/\.mdx?$/.test(entry.name)) out.push(child)
  }
  return out
}
