import type { Root as HastRoot } from 'hast'
import type { Root as MdastRoot } from 'mdast'
import remarkRehype from 'remark-rehype'
import type { PluggableList } from 'unified'
import { VFile } from 'vfile'
import { isSheafError, SheafError } from '../errors.ts'
import { extractText, type PageSection } from './extractText.ts'
import { assertFrontmatterTypes, parseFrontmatter } from './frontmatter.ts'
import { assertHomeFrontmatter } from './homeFrontmatter.ts'
import type { CodeHighlighter } from './highlighter.ts'
import rehypeCodeBlocks from './rehypeCodeBlocks.ts'
import rehypeHeadings, { type HeadingsResult, type TocEntry } from './rehypeHeadings.ts'
import rehypeRawSanitized from './rehypeRawSanitized.ts'
import rehypeValidNesting from './rehypeValidNesting.ts'
import remarkCodeMeta from './remarkCodeMeta.ts'
import remarkContainers, { normalizeContainerTitles } from './remarkContainers.ts'
import type { ComponentRegistry } from './componentRegistry.ts'
import remarkMdxComponents from './remarkMdxComponents.ts'
import remarkMdxFragments from './remarkMdxFragments.ts'
import type { FragmentOptions } from './fragmentImports.ts'
import { createSanitizeSchema } from './sanitizeSchema.ts'
import { assertReasonableNesting } from './nestingGuard.ts'
import { assertHeroFrontmatter } from './heroFrontmatter.ts'
import { assertPageCounts } from './pageCounts.ts'
import { assertPageSize, defaultMaxPageSize } from './pageSize.ts'
import rehypeRawHtmlDepthGuard from './rawHtmlDepth.ts'
import { remarkTreeDepthGuard } from './treeDepth.ts'
import { chunkedParseThreshold, parseInChunks } from './parseInChunks.ts'
import { createParser } from './parser.ts'
import { escapeCustomHeadingIds } from './customHeadingIds.ts'
import { findUnclosedFence } from './unclosedFence.ts'
import { portableTemplate, preparePortable, type PendingPortable, type PortableTemplate } from './portableMarkdown.ts'
import { titleFromFile } from './titleFromFile.ts'
import { takeLinks, type PageLink } from './pageLinks.ts'

export interface MarkdownOptions {
  highlighter: CodeHighlighter
  components: ComponentRegistry
  sanitize: boolean
  /** Ids the theme's layout uses, which a heading must not take (see rehypeHeadings). */
  reservedIds?: readonly string[]
  /**
   * Classes raw HTML may use as written (the theme's `contentClasses`); any other gets `user-content-` (see
   * contentClasses.ts).
   */
  contentClasses?: readonly string[]
  /** Largest page in bytes (config `markdown.maxPageSize`; default 2 MB). */
  maxPageSize?: number
  /** Container types (`:::tip`): the built-in ones and the site's (config `markdown.containerTypes`). */
  containerTypes?: readonly string[]
  /** The site's unified plugins (config `markdown.remarkPlugins` / `rehypePlugins`). */
  remarkPlugins?: PluggableList
  rehypePlugins?: PluggableList
  /**
   * Where an MDX page's `.md`/`.mdx` imports are read from (none: such an import fails as any other; see
   * remarkMdxFragments.ts).
   */
  fragmentImports?: FragmentOptions
}

export interface MarkdownInput {
  source: string
  /** Path shown in messages, e.g. `content/13.x/docs/api/render.md`. */
  file: string
  mdx: boolean
  /**
   * Also make the page's portable markdown (a plugin asked for it: Plugin.portableMarkdown);
   * `deferred`: serialise it when first read (see PendingPortable), not now.
   */
  portable?: boolean | 'deferred'
}

export interface MarkdownWarning {
  message: string
  line?: number
  column?: number
}

export interface MarkdownResult {
  frontmatter: Record<string, unknown>
  title: string
  toc: TocEntry[]
  anchors: string[]
  body: HastRoot
  text: string
  sections: PageSection[]
  /** Its links and images, with their lines (see pageLinks.ts). */
  links: PageLink[]
  warnings: MarkdownWarning[]
  /**
   * The page's portable markdown, when the input asked for it (null: the page has MDX elements; see
   * portableMarkdown.ts).
   */
  portable?: PortableTemplate | PendingPortable | null
}

export interface MarkdownProcessor {
  /** Largest page (bytes) it parses; larger ones fail with a located error. */
  readonly maxPageSize: number
  process(input: MarkdownInput): Promise<MarkdownResult>
}

/** Builds the unified processors once; `process` is then cheap per file. */
export function createMarkdownProcessor(options: MarkdownOptions): MarkdownProcessor {
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
  const processors = { md: build(false), mdx: build(true) }
  const codeBlocks = rehypeCodeBlocks({ highlighter: options.highlighter })

  const maxPageSize = options.maxPageSize ?? defaultMaxPageSize

  return {
    maxPageSize,
    async process({ source, file, mdx, portable: wantsPortable }) {
      assertPageSize(source, file, maxPageSize)
      if (source.trim() === '') return emptyResult(file)
      assertReasonableNesting(source, file, { mdx })
      assertPageCounts(source, file)
      const frontmatter = readFrontmatter(source, file)
      // MDX would read a heading's `{#id}` as an expression (see customHeadingIds.ts).
      const vfile = new VFile({
        path: file,
        value: normalizeContainerTitles(mdx ? escapeCustomHeadingIds(source) : source),
      })
      const processor = mdx ? processors.mdx : processors.md
      let hast: HastRoot
      let portable: PortableTemplate | PendingPortable | null | undefined
      try {
        const text = String(vfile.value)
        // Plain markdown parsed in one piece: its positions are offsets in `text`, which the portable markdown copies
        // blocks from.
        const whole = !mdx && text.length <= chunkedParseThreshold
        const mdast = mdx
          ? (processor.parse(vfile) as MdastRoot)
          : text.length > chunkedParseThreshold
            ? parseInChunks(text, (chunk) => processor.parse(chunk) as MdastRoot)
            : (processor.parse(vfile) as MdastRoot)
        // From the parsed tree, before the transform below changes it (the template is a copy).
        const source = whole ? text : undefined
        if (wantsPortable)
          portable = wantsPortable === 'deferred' ? preparePortable(mdast, source) : portableTemplate(mdast, source)
        hast = (await processor.run(mdast, vfile)) as HastRoot
      } catch (error) {
        throw toSheafError(error, file)
      }
      const headings: HeadingsResult = { toc: [], anchors: [] }
      rehypeHeadings(headings, { reservedIds: options.reservedIds })(hast)
      await codeBlocks(hast, vfile)
      const { text, sections } = extractText(hast, headings.toc)
      const links = takeLinks(hast)
      const warnings: MarkdownWarning[] = vfile.messages.map((message) => ({
        message: message.reason,
        line: message.line ?? undefined,
        column: message.column ?? undefined,
      }))
      const unclosed = findUnclosedFence(source)
      if (unclosed)
        warnings.push({
          message:
            'A code fence is never closed; everything after it is shown as code. Close it with a line of ``` (the same number of backticks).',
          line: unclosed,
        })
      const title = pageTitle(frontmatter.data, headings.firstH1, file, warnings)
      return {
        frontmatter: frontmatter.data,
        title,
        toc: headings.toc,
        anchors: headings.anchors,
        body: hast,
        text,
        sections,
        links,
        warnings,
        ...(wantsPortable ? { portable } : {}),
      }
    },
  }
}

/** The front-matter, its types and the hero and home page fields checked. */
function readFrontmatter(source: string, file: string) {
  const frontmatter = parseFrontmatter(source, file)
  assertFrontmatterTypes(frontmatter.data, file, source)
  assertHeroFrontmatter(frontmatter.data, file, frontmatter.lineOf)
  assertHomeFrontmatter(frontmatter.data, file, frontmatter.lineOf)
  return frontmatter
}

/** The front-matter's title, else the first h1, else the hero's name, else the file's (with a warning). */
function pageTitle(
  data: MarkdownResult['frontmatter'],
  firstH1: string | undefined,
  file: string,
  warnings: MarkdownWarning[],
): string {
  // A home page without a title (as Rspress writes them) is named by its hero.
  const hero = data.pageType === 'home' ? (data.hero as { name?: unknown } | undefined) : undefined
  const heroName =
    typeof hero?.name === 'string' && hero.name.replace(/<[^>]*>/g, '').trim()
      ? hero.name.replace(/<[^>]*>/g, '').trim()
      : undefined
  const title =
    typeof data.title === 'string' && data.title.trim()
      ? data.title.trim()
      : (firstH1 ?? heroName ?? titleFromFile(file))
  if (!data.title && !firstH1 && !heroName)
    warnings.push({
      message: `The page has no title; using "${title}" from the file name. Add \`title:\` to the front-matter.`,
    })
  return title
}

function emptyResult(file: string): MarkdownResult {
  const title = titleFromFile(file)
  return {
    frontmatter: {},
    title,
    toc: [],
    anchors: [],
    body: { type: 'root', children: [] },
    text: '',
    sections: [],
    links: [],
    warnings: [
      {
        message: `The file is empty; the page is titled "${title}" from its file name. Add a \`title:\` front-matter field and some content.`,
      },
    ],
  }
}

function toSheafError(error: unknown, file: string): SheafError {
  if (isSheafError(error)) return error
  // The guards (nestingGuard, treeDepth, rawHtmlDepth) should leave no way to get here; if one does, say what it means.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new SheafError('The page is nested too deeply to process (the parser ran out of stack).', {
      file,
      hint: 'flatten deeply nested lists, quotes, emphasis, HTML or MDX elements.',
      cause: error,
    })
  }
  const place = error as {
    line?: number
    column?: number
    reason?: string
    message?: string
    source?: string
    place?: { line?: number; column?: number; start?: { line: number; column: number } }
  }
  const reasonText = place.reason ?? place.message ?? String(error)
  // mdast-util-mdx-jsx only puts the position inside the message: "... (3:1-3:19)".
  const inMessage = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(reasonText)
  const line =
    place.line ?? place.place?.line ?? place.place?.start?.line ?? (inMessage ? Number(inMessage[1]) : undefined)
  const column =
    place.column ?? place.place?.column ?? place.place?.start?.column ?? (inMessage ? Number(inMessage[2]) : undefined)
  const reason = place.reason ?? place.message ?? String(error)
  const isMdxSyntax =
    place.source === 'micromark-extension-mdxjs' ||
    place.source === 'micromark-extension-mdx-jsx' ||
    /mdx|jsx|expression/i.test(String(place.source ?? ''))
  return new SheafError(isMdxSyntax ? `MDX syntax error: ${reason}` : reason, {
    file,
    line: line ?? undefined,
    column: column ?? undefined,
    hint: isMdxSyntax
      ? 'close every tag, quote prop values, and escape `{`, `}` and `<` in prose as `\\{`, `\\}`, `&lt;` (or rename the file to .md).'
      : 'fix the markdown at that position.',
    cause: error,
  })
}
