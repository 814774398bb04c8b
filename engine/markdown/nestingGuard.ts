import { SheafError } from '../errors.ts'
import { fenceRoles, FenceRole } from './fenceScanner.ts'
import { maxRawHtmlDepth, stepTagDepth } from './rawHtmlDepth.ts'

/**
 * Deeper nesting than this is refused before parsing: parsers recurse (and slow down) per level.
 * Counts list, footnote and blockquote levels, whether they are written one per line (indented) or
 * several on one line (`> - > - x`, `- - - x`), and `:::` containers. micromark re-checks every
 * open container on every line: 500 nested footnotes took 19 s, 500 nested containers 28 s.
 */
export const maxNestingDepth = 100

/**
 * Most `*` and `_` characters one paragraph (a run of non-blank lines) may hold. micromark pairs
 * emphasis delimiters in quadratic time, and every pair may nest inside the last: `*` x 3,000 made
 * a tree 1,500 levels deep, and `*a ` x 5,000 then ` a*` x 5,000 took 82 s. A real paragraph holds
 * a few dozen; a 300-item list of `**term**: text` lines (one block) about 1,200.
 */
export const maxEmphasisMarkers = 2_000

/**
 * The same limit inside what looks like a fenced code block (code legitimately holds `*` and `_`,
 * e.g. pointers and snake_case). Higher, not unlimited: a line that looks like a fence to this scan
 * may not be one to the parser (a fence inside an HTML block), and its "code" is then prose.
 */
export const maxEmphasisMarkersInCode = 20_000

/**
 * Most `[` one paragraph may hold: micromark matches link brackets in quadratic time too (`[a ` x
 * 3,000 then `](u)` x 3,000 took 7 s). A paragraph of 200 links has 200.
 */
export const maxLinkBrackets = 1_000

/**
 * Most `{` one paragraph of an MDX page may hold (outside code). The MDX parser re-parses an
 * expression with acorn at each `}` to find where it ends, so an expression's cost grows with its
 * braces times its length: a prop of 5,000 `{a:1},` took 64 s. A real prop holds a few dozen.
 */
export const maxMdxBraces = 200

const blankRE = /^\s*$/
/** One container marker at the start of what is left of a line: a `>` or a list bullet/number. */
const containerMarkerRE = /^[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))[ \t]?/
/** A line that opens an indented container: a list item, or a footnote definition (`[^1]: text`). */
const listItemRE = /^(\s*)([-*+]|\d{1,9}[.)]|\[\^[^\]]+\]:)(?:[ \t]|$)/
/** `:::tip` opens a container directive, a line of colons alone closes the innermost one. */
const directiveOpenRE = /^\s*:{3,}[A-Za-z{[]/
const directiveCloseRE = /^\s*:{3,}\s*$/
const inlineCodeRE = /(`+)[^`]+?\1/g

/**
 * Refuses, with the line where it happens, what would otherwise make the parser overflow its
 * stack or run for minutes: lists and blockquotes nested deeper than `maxNestingDepth` (by
 * indentation across lines, or by markers repeated on one line), paragraphs with more
 * emphasis markers than `maxEmphasisMarkers` or brackets than `maxLinkBrackets`, and HTML or
 * JSX elements opened more than `maxRawHtmlDepth` deep outside code. One linear pass over the
 * lines. The tag count is a fast path: the trees are checked again after parsing (treeDepth.ts,
 * rawHtmlDepth.ts), so a line this scan misreads cannot get past them.
 */
export function assertReasonableNesting(source: string, file: string, options: { mdx?: boolean } = {}): void {
  const lines = source.split('\n')
  const roles = fenceRoles(source, lines.length)
  const listIndents: number[] = []
  let markers = 0
  let brackets = 0
  let braces = 0
  let tagDepth = 0
  let directives = 0
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (blankRE.test(line)) {
      markers = 0
      brackets = 0
      braces = 0
      continue
    }
    const role = roles[index]
    if (role === FenceRole.Open || role === FenceRole.Close) {
      markers = 0
      continue
    }
    const inCode = role === FenceRole.Content
    // Containers are counted in code too: a fence this scan believes in may not be one.
    const onLine = containerMarkersAtStart(line)
    const item = listItemRE.exec(line)
    if (item) {
      const indent = item[1].length
      while (listIndents.length && listIndents[listIndents.length - 1] >= indent) listIndents.pop()
      listIndents.push(indent)
    }
    if (!inCode && directiveOpenRE.test(line) && ++directives > maxNestingDepth)
      throw tooDeep('containers (`:::`)', file, index + 1)
    if (!inCode && directiveCloseRE.test(line)) directives = Math.max(0, directives - 1)
    if (onLine.quotes > maxNestingDepth) throw tooDeep('blockquotes', file, index + 1)
    const isFootnote = item?.[2].startsWith('[^') ?? false
    // A list item's own marker is both on the stack and among the line's markers: count it once.
    const depth = listIndents.length + onLine.count - (item && !isFootnote ? 1 : 0)
    if (depth > maxNestingDepth)
      throw tooDeep(
        onLine.quotes > onLine.count / 2 ? 'blockquotes' : isFootnote ? 'footnotes' : 'lists',
        file,
        index + 1,
      )
    const counts = countMarkers(line)
    markers += counts.emphasis
    brackets += counts.brackets
    const limit = !inCode ? maxEmphasisMarkers : maxEmphasisMarkersInCode
    if (markers > limit) throw tooManyMarkers(limit, file, index + 1)
    if (!inCode && brackets > maxLinkBrackets) throw tooManyBrackets(file, index + 1)
    if (!inCode && (line.includes('<') || (options.mdx && line.includes('{')))) {
      const prose = line.replace(inlineCodeRE, '')
      tagDepth = stepTagDepth(prose, tagDepth, maxRawHtmlDepth)
      if (tagDepth < 0) throw tooManyTags(file, index + 1)
      if (options.mdx) braces += countUnescaped(prose, 123 /* { */)
      if (braces > maxMdxBraces) throw tooManyBraces(file, index + 1)
    }
  }
}

/** How many `>` and list markers open the line (`> - > 1. x`: 4, of which 2 quotes). */
function containerMarkersAtStart(line: string): { count: number; quotes: number } {
  let rest = line
  let count = 0
  let quotes = 0
  for (;;) {
    const match = containerMarkerRE.exec(rest)
    if (!match || match[0].length === 0) return { count, quotes }
    count++
    if (match[0].trimStart().startsWith('>')) quotes++
    rest = rest.slice(match[0].length)
    // A line of thousands of markers is refused as soon as it passes the limit, without slicing on.
    if (count > maxNestingDepth) return { count, quotes }
  }
}

/** `*`, `_` and `[` that are not backslash-escaped. */
function countMarkers(line: string): { emphasis: number; brackets: number } {
  let emphasis = 0
  let brackets = 0
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index)
    if (code === 92 /* \ */) index++
    else if (code === 42 /* * */ || code === 95 /* _ */) emphasis++
    else if (code === 91 /* [ */) brackets++
  }
  return { emphasis, brackets }
}

function tooDeep(what: string, file: string, line: number): SheafError {
  return new SheafError(`The ${what} here are nested more than ${maxNestingDepth} levels deep.`, {
    file,
    line,
    column: 1,
    hint: `flatten the structure (readers cannot follow more than a few levels either).`,
  })
}

function tooManyMarkers(limit: number, file: string, line: number): SheafError {
  return new SheafError(
    `This paragraph holds more than ${limit} \`*\` and \`_\` characters, ` +
      `which markdown reads as emphasis markers (each may nest inside the last).`,
    {
      file,
      line,
      column: 1,
      hint:
        'write literal asterisks and underscores as `\\*` and `\\_` or inside `code`, ' +
        'or split the paragraph with blank lines.',
    },
  )
}

/** How many times the character `code` occurs, not backslash-escaped. */
function countUnescaped(text: string, code: number): number {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const here = text.charCodeAt(index)
    if (here === 92 /* \ */) index++
    else if (here === code) count++
  }
  return count
}

function tooManyBraces(file: string, line: number): SheafError {
  return new SheafError(`This paragraph holds more than ${maxMdxBraces} \`{\`, which MDX reads as expressions.`, {
    file,
    line,
    column: 1,
    hint:
      'keep component props small (move long lists into several components or into markdown), ' +
      'and write literal braces as `\\{`.',
  })
}

function tooManyBrackets(file: string, line: number): SheafError {
  return new SheafError(
    `This paragraph holds more than ${maxLinkBrackets} \`[\` characters, which markdown reads as link brackets.`,
    {
      file,
      line,
      column: 1,
      hint: 'write literal brackets as `\\[`, or split the paragraph with blank lines.',
    },
  )
}

function tooManyTags(file: string, line: number): SheafError {
  return new SheafError(
    `The HTML or MDX elements here are opened more than ${maxRawHtmlDepth} levels inside each other.`,
    {
      file,
      line,
      column: 1,
      hint: 'close each element (`</div>`, `</Tabs>`) before opening many more; nest a few levels at most.',
    },
  )
}
