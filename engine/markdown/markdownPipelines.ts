import type { Root as MdastRoot } from 'mdast'
import remarkRehype from 'remark-rehype'
import { VFile } from 'vfile'
import { escapeCustomHeadingIds } from './customHeadingIds.ts'
import { toSheafError } from './markdownError.ts'
import { createParser } from './parser.ts'
import type { MarkdownOptions } from './processor.ts'
import rehypeRawSanitized from './rehypeRawSanitized.ts'
import rehypeValidNesting from './rehypeValidNesting.ts'
import rehypeRawHtmlDepthGuard from './rawHtmlDepth.ts'
import remarkCodeMeta from './remarkCodeMeta.ts'
import remarkContainers, { normalizeContainerTitles } from './remarkContainers.ts'
import remarkMdxComponents from './remarkMdxComponents.ts'
import remarkMdxFragments from './remarkMdxFragments.ts'
import { createSanitizeSchema } from './sanitizeSchema.ts'
import { remarkTreeDepthGuard } from './treeDepth.ts'

/**
 * The unified processors from markdown (and from MDX) to sanitized hast: the parser, the depth
 * guards, MDX's fragments and components, containers, code meta and the site's plugins.
 */
export function createPipelines(options: MarkdownOptions) {
  const schema = options.sanitize ? createSanitizeSchema(options.components) : null
  const parsers = { md: createParser(false), mdx: createParser(true) }
  // A fragment is read as its own page would be: the same source-level fixes, its errors at its own lines.
  const parseFragment = (source: string, file: string): MdastRoot => {
    const mdx = file.endsWith('.mdx')
    try {
      return (mdx ? parsers.mdx : parsers.md).parse(
        normalizeContainerTitles(mdx ? escapeCustomHeadingIds(source) : source),
      ) as MdastRoot
    } catch (error) {
      throw toSheafError(error, file)
    }
  }
  const checkComponents = remarkMdxComponents({ components: options.components, imports: options.fragmentImports })
  // `page`: an image a fragment imports is shown by the page, and its path is made the page's (mdxAssetImports.ts).
  const checkFragment = (tree: MdastRoot, file: string, page: string) =>
    checkComponents(tree, new VFile({ path: file, data: { page } }))
  const build = (mdx: boolean) => {
    // The depth check comes first: every later transform walks the tree recursively.
    const base = createParser(mdx).use(remarkTreeDepthGuard)
    const withMdx = mdx
      ? base
          .use(remarkMdxFragments, { fragments: options.fragmentImports, parse: parseFragment, check: checkFragment })
          .use(remarkMdxComponents, { components: options.components, imports: options.fragmentImports })
      : base
    return (
      withMdx
        .use(remarkContainers, { types: options.containerTypes })
        .use(remarkCodeMeta)
        .use(options.remarkPlugins ?? [])
        // The sanitizer prefixes every id (user-content-); footnotes must not get the prefix twice.
        .use(remarkRehype, { allowDangerousHtml: !mdx, ...(schema ? { clobberPrefix: '' } : {}) })
        .use(rehypeRawHtmlDepthGuard)
        .use(rehypeRawSanitized, { schema, contentClasses: options.contentClasses })
        .use(rehypeValidNesting)
        .use(options.rehypePlugins ?? [])
    )
  }
  return { md: build(false), mdx: build(true) }
}

/** One of the processors createPipelines makes. */
export type MarkdownPipeline = ReturnType<typeof createPipelines>['md']
