import type { Root as HastRoot } from 'hast'
import type { Root as MdastRoot } from 'mdast'
import type { PluggableList } from 'unified'
import { VFile } from 'vfile'
import type { ComponentRegistry } from './componentRegistry.ts'
import { escapeCustomHeadingIds } from './customHeadingIds.ts'
import { extractText, type PageSection } from './extractText.ts'
import type { FragmentOptions } from './fragmentImports.ts'
import { assertFrontmatterTypes, parseFrontmatter } from './frontmatter.ts'
import { assertHeroFrontmatter } from './heroFrontmatter.ts'
import type { CodeHighlighter } from './highlighter.ts'
import { assertHomeFrontmatter } from './homeFrontmatter.ts'
import { toSheafError } from './markdownError.ts'
import { createPipelines, type MarkdownPipeline } from './markdownPipelines.ts'
import { assertReasonableNesting } from './nestingGuard.ts'
import { assertPageCounts } from './pageCounts.ts'
import { takeLinks, type PageLink } from './pageLinks.ts'
import { assertPageSize, defaultMaxPageSize } from './pageSize.ts'
import { pageTitle } from './pageTitle.ts'
import { chunkedParseThreshold, parseInChunks } from './parseInChunks.ts'
import { portableTemplate, preparePortable, type PendingPortable, type PortableTemplate } from './portableMarkdown.ts'
import rehypeCodeBlocks from './rehypeCodeBlocks.ts'
import rehypeHeadings, { type HeadingsResult, type TocEntry } from './rehypeHeadings.ts'
import { normalizeContainerTitles } from './remarkContainers.ts'
import { titleFromFile } from './titleFromFile.ts'
import { findUnclosedFence } from './unclosedFence.ts'

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
  const processors = createPipelines(options)
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
      const { hast, portable } = await toHast(processor, vfile, mdx, wantsPortable)
      const headings: HeadingsResult = { toc: [], anchors: [] }
      rehypeHeadings(headings, { reservedIds: options.reservedIds })(hast)
      await codeBlocks(hast, vfile)
      const { text, sections } = extractText(hast, headings.toc)
      const links = takeLinks(hast)
      const warnings = pageWarnings(vfile, source)
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

/** Parses the page (a huge one in chunks) and runs the pipeline's transforms; the portable markdown when asked. */
async function toHast(
  processor: MarkdownPipeline,
  vfile: VFile,
  mdx: boolean,
  wantsPortable: MarkdownInput['portable'],
): Promise<{ hast: HastRoot; portable?: PortableTemplate | PendingPortable | null }> {
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
    const portable = !wantsPortable
      ? undefined
      : wantsPortable === 'deferred'
        ? preparePortable(mdast, source)
        : portableTemplate(mdast, source)
    return { hast: (await processor.run(mdast, vfile)) as HastRoot, portable }
  } catch (error) {
    throw toSheafError(error, vfile.path)
  }
}

/** The transform's messages, and a code fence never closed. */
function pageWarnings(vfile: VFile, source: string): MarkdownWarning[] {
  const warnings: MarkdownWarning[] = vfile.messages.map((message) => ({
    message: message.reason,
    line: message.line ?? undefined,
    column: message.column ?? undefined,
  }))
  const unclosed = findUnclosedFence(source)
  if (unclosed)
    warnings.push({
      message:
        'A code fence is never closed; everything after it is shown as code. ' +
        'Close it with a line of ``` (the same number of backticks).',
      line: unclosed,
    })
  return warnings
}

/** The front-matter, its types and the hero and home page fields checked. */
function readFrontmatter(source: string, file: string) {
  const frontmatter = parseFrontmatter(source, file)
  assertFrontmatterTypes(frontmatter.data, file, source)
  assertHeroFrontmatter(frontmatter.data, file, frontmatter.lineOf)
  assertHomeFrontmatter(frontmatter.data, file, frontmatter.lineOf)
  return frontmatter
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
        message:
          `The file is empty; the page is titled "${title}" from its file name. ` +
          `Add a \`title:\` front-matter field and some content.`,
      },
    ],
  }
}
