import fs from 'node:fs'
import path from 'node:path'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownResult } from '../../../../engine/markdown/processor.ts'
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
    pages = loadContentResults(version).then((results) =>
      results
        .filter(
          ({ result }) =>
            !['home', '404'].includes(
              typeof result.frontmatter.pageType === 'string' ? result.frontmatter.pageType : 'doc',
            ),
        )
        .map(({ relativePath, result }) => ({
          path: `${routePrefix}${toSlug(relativePath)}`,
          title: result.title,
          sections: result.sections,
          toc: result.toc,
        })),
    )
    loaded.set(key, pages)
  }
  return pages
}

const results = new Map<string, Promise<{ relativePath: string; result: MarkdownResult }[]>>()

/**
 * Every markdown file of one version folder through the engine's markdown processor (read-only: clone before editing).
 */
export function loadContentResults(version: string): Promise<{ relativePath: string; result: MarkdownResult }[]> {
  let loading = results.get(version)
  if (!loading) {
    loading = readContentResults(version)
    results.set(version, loading)
  }
  return loading
}

async function readContentResults(version: string): Promise<{ relativePath: string; result: MarkdownResult }[]> {
  const dir = path.join(root, 'content', version)
  processor ??= createProcessor()
  const markdown = await processor
  const read: { relativePath: string; result: MarkdownResult }[] = []
  for (const relativePath of walk(dir)) {
    const file = path.join(dir, relativePath)
    read.push({
      relativePath,
      result: await markdown.process({
        source: fs.readFileSync(file, 'utf8'),
        file: path.relative(root, file),
        mdx: file.endsWith('.mdx'),
      }),
    })
  }
  return read
}

function walk(dir: string, relative = ''): string[] {
  const out: string[] = []
  for (const entry of fs
    .readdirSync(path.join(dir, relative), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...walk(dir, child))
    else if (/\.mdx?$/.test(entry.name)) out.push(child)
  }
  return out
}
