import { SheafError } from '../errors.ts'
import { fenceRoles, FenceRole } from './fenceScanner.ts'

/**
 * Most headings one page may have. Every heading becomes an id, an outline entry and a search
 * section: 150,000 `## h` lines (1.3 MB, under the page size limit) overflowed the stack after
 * 18 s and 900 MB. This site's longest page has about 60.
 */
export const maxHeadings = 3_000

/**
 * Most footnote definitions, and most footnote references, one page may have. The footnote
 * transform pairs them in time that grows faster than their number: 60,000 took 145 s and
 * 2.9 GB before failing. A long paper has a few hundred.
 */
export const maxFootnotes = 2_000

/**
 * Most links one page may have (markdown links, reference definitions, autolinks, `<a>`). Each is
 * resolved, checked and rewritten; an API index page has a few hundred.
 */
export const maxLinks = 10_000

/**
 * Most list items one page may have. The list transforms take time per item and then some:
 * 20,000 `- a` lines (80 KB) took 36 s, 300,000 (1.2 MB) had not finished after 8 minutes.
 * A long changelog page has a few hundred.
 */
export const maxListItems = 3_000

/**
 * Most cells one table row may have (`|` on one line): a 20,000-column table took 14 s. A wide
 * API table has a dozen columns.
 */
export const maxTableCells = 500

/**
 * An ATX heading (`## x`), a setext underline of `=` (a `-` underline is a thematic break as often), or an HTML heading
 * tag.
 */
const atxHeadingRE = /^ {0,3}#{1,6}(?:[ \t]|$)/
const setextRE = /^ {0,3}=+[ \t]*$/
const htmlHeadingRE = /<h[1-6][\s>/]/gi
/** `[^label]: text` opens a footnote definition; `[^label]` elsewhere refers to one. */
const footnoteDefinitionRE = /^[ \t]*(?:>[ \t]?)*(?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*\[\^[^\]\s]+\]:/
const listItemRE = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/
const footnoteReferenceRE = /\[\^[^\]\s]+\](?!:)/g
/**
 * `](` of an inline link, `]:` of a reference definition, `<scheme:` of an autolink, `<a ` of raw HTML, a bare URL (GFM
 * autolink).
 */
const linkRE = /\]\(|^[ \t]*\[[^\]]+\]:|<[a-z][a-z0-9+.-]{1,31}:|<a[\s>]|(?<![(<\w])(?:https?:\/\/|www\.)/gi

/**
 * Refuses, at the line where a count passes its limit, a page with more headings, footnotes or
 * links than anyone writes by hand: the parser and the transforms after it take time and memory
 * per item (and some of them, more than linear). One pass over the lines before parsing, as
 * nestingGuard.ts does; code blocks are skipped, a misread line only moves the error by a line.
 */
export function assertPageCounts(source: string, file: string): void {
  const lines = source.split('\n')
  const roles = fenceRoles(source, lines.length)
  let headings = 0
  let definitions = 0
  let references = 0
  let links = 0
  let items = 0
  for (let index = 0; index < lines.length; index++) {
    if (roles[index] !== FenceRole.Outside) continue
    const line = lines[index]
    if (atxHeadingRE.test(line) || setextRE.test(line)) headings++
    if (line.includes('<')) headings += countMatches(line, htmlHeadingRE)
    if (headings > maxHeadings)
      throw tooMany(
        `${maxHeadings} headings`,
        file,
        index + 1,
        'split it into several pages (one per topic, listed in `_meta.json`).',
      )
    if (line.includes('[^')) {
      const definition = footnoteDefinitionRE.test(line)
      if (definition) definitions++
      references += countMatches(line, footnoteReferenceRE) - (definition ? 1 : 0)
      if (definitions > maxFootnotes)
        throw tooMany(
          `${maxFootnotes} footnote definitions`,
          file,
          index + 1,
          'keep a page to the notes a reader follows: move long reference lists into a page of their own, ' +
            'as plain list items.',
        )
      if (references > maxFootnotes)
        throw tooMany(
          `${maxFootnotes} footnote references`,
          file,
          index + 1,
          'refer to fewer footnotes per page, or split the page.',
        )
    }
    if (listItemRE.test(line) && ++items > maxListItems)
      throw tooMany(
        `${maxListItems} list items`,
        file,
        index + 1,
        'split the list over several pages, or into sections with headings.',
      )
    if (line.includes('|') && countPipes(line) > maxTableCells) {
      throw new SheafError(`This table row has more than ${maxTableCells} cells (\`|\`).`, {
        file,
        line: index + 1,
        column: 1,
        hint: 'split the table into several narrower ones, or write a literal `|` as `\\|`.',
      })
    }
    links += countMatches(line, linkRE)
    if (links > maxLinks)
      throw tooMany(
        `${maxLinks} links`,
        file,
        index + 1,
        'split the page into several (an index page per letter, say).',
      )
  }
}

function countPipes(line: string): number {
  let count = 0
  for (let index = 0; index < line.length; index++) if (line.charCodeAt(index) === 124 /* | */) count++
  return count
}

function countMatches(line: string, pattern: RegExp): number {
  pattern.lastIndex = 0
  let count = 0
  while (pattern.exec(line)) count++
  return count
}

function tooMany(what: string, file: string, line: number, fix: string): SheafError {
  return new SheafError(`The page has more than ${what}; this line passes the limit.`, {
    file,
    line,
    column: 1,
    hint: fix,
  })
}
