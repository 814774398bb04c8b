import { SheafError } from '../errors.ts'
import { createContentDigest } from '../store/digest.ts'
import { assertPageSize } from '../markdown/pageSize.ts'
import { isPendingPortable } from '../markdown/portableTemplate.ts'
import type { MarkdownProcessor, MarkdownResult } from '../markdown/processor.ts'
import type { Plugin, Reporter } from '../plugins/types.ts'
import { defineComputedField, defineLazyField } from '../store/lazyField.ts'
import type { NodeInput, SheafNode } from '../store/types.ts'
import type { MarkdownCache } from './markdownCache.ts'

const markdownExtensionRE = /\.mdx?$/

/**
 * The built-in transformer: a markdown `File` node becomes a `Page` node
 * (front-matter, title, toc, body as hast, text, sections). Results are
 * cached by content digest, so an unchanged file is never re-parsed.
 */
/** `isFragment`: files shown where pages import them (config `markdown.fragments`), which make no page. */
export function markdownTransformer(
  processor: MarkdownProcessor,
  cache: MarkdownCache,
  defaultLang: string,
  isFragment: (sourcePath: string) => boolean = () => false,
): Plugin {
  return {
    name: 'sheaf:markdown',
    async onCreateNode({ node, createNode, reporter }) {
      if (node.type !== 'File' || typeof node.relativePath !== 'string' || !markdownExtensionRE.test(node.relativePath))
        return
      if (isFragment(String(node.sourcePath))) return
      const { result, key } = await transform(node, processor, cache, reporter)
      const relativePath = node.relativePath
      const frontmatter = result.frontmatter
      const page: NodeInput = {
        type: 'Page',
        key: relativePath,
        parent: node.id,
        relativePath,
        slug: toSlug(relativePath),
        langPrefix: '',
        versionPrefix: '',
        path: toSlug(relativePath),
        lang: defaultLang,
        version: null,
        title: result.title,
        description: typeof frontmatter.description === 'string' ? frontmatter.description : '',
        pageType: typeof frontmatter.pageType === 'string' ? frontmatter.pageType : 'doc',
        frontmatter,
        toc: result.toc,
        anchors: result.anchors,
        links: result.links,
        sourcePath: node.sourcePath,
        lastUpdated: node.lastUpdated ?? null,
        // Every field above comes from the cache key (text, path, options, engine) and these.
        internal: {
          contentDigest: createContentDigest([
            key,
            relativePath,
            node.sourcePath,
            node.lastUpdated ?? null,
            defaultLang,
          ]),
        },
      }
      // Read from the result when asked for: a cached page's body is parsed only if something reads
      // it, and the result decides whether it is kept (see markdownCache.ts: a one-shot build reads
      // it from disk each time, so the node does not hold it).
      defineComputedField(page, 'rawBody', () => result.body)
      defineComputedField(page, 'body', () => result.body)
      defineLazyField(page, 'text', () => result.text)
      defineLazyField(page, 'sections', () => result.sections)
      // The page's portable markdown (when a plugin asked for it; see Plugin.portableMarkdown): not in the schema, read
      // from the node.
      if (cache.portableMarkdown)
        defineLazyField(page, 'portableMarkdown', () =>
          isPendingPortable(result.portable) ? result.portable.get() : (result.portable ?? null),
        )
      createNode(page)
    },
  }
}

async function transform(
  node: SheafNode,
  processor: MarkdownProcessor,
  cache: MarkdownCache,
  reporter: Reporter,
): Promise<{ result: MarkdownResult; key: string }> {
  const source = node.content
  const file = String(node.sourcePath)
  if (typeof source !== 'string')
    throw new SheafError('The markdown file has no text content.', { file, hint: 'save it as UTF-8 text.' })
  // Before the cache and the workers: an oversized page fails here at once, whatever a worker does with it.
  assertPageSize(source, file, processor.maxPageSize)
  const key = cache.key(source, file)
  let result = cache.get(key)
  const inWorker = result ? undefined : cache.settled(key)
  if (inWorker) {
    await inWorker
    result = cache.get(key)
  }
  if (!result) {
    // On this thread the template is serialised when the plugin reads it, after the render (see PendingPortable).
    result = await processor.process({
      source,
      file,
      mdx: file.endsWith('.mdx'),
      portable: cache.portableMarkdown && 'deferred',
    })
    cache.set(key, result)
  }
  for (const warning of result.warnings) {
    const where = [file, warning.line, warning.line ? warning.column : undefined]
      .filter((part) => part !== undefined)
      .join(':')
    reporter.warn(`${where}\n  ${warning.message}`)
  }
  return { result, key }
}

/** `docs/api/render.md` -> `/docs/api/render`; `cookbook/index.md` -> `/cookbook/`; `index.md` -> `/`. */
export function toSlug(relativePath: string): string {
  const withoutExtension = relativePath.replace(markdownExtensionRE, '')
  if (withoutExtension === 'index') return '/'
  if (withoutExtension.endsWith('/index')) return `/${withoutExtension.slice(0, -'index'.length)}`
  return `/${withoutExtension}`
}
