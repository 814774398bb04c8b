/**
 * The one line-based reader of fenced code blocks, for the passes that look at a markdown source
 * before (or instead of) parsing it: the unclosed fence warning (unclosedFence.ts), the source
 * rewrites (linesOutsideFences.ts), the nesting guard and the chunked parse. They used to carry a regex each, with
 * different indentation rules, so the same line could be code to one and prose to the next.
 *
 * CommonMark's rules (spec 0.31, "Fenced code blocks"): an opening fence is three or more
 * backticks or tildes indented at most 3 columns; a backtick fence's info string holds no
 * backtick; the block closes on a line of the same character, at least as long, indented at most
 * 3 columns, with nothing but spaces after it; up to the opening fence's indentation is removed
 * from each content line; an unclosed block runs to the end of its container (or the document).
 * Containers are followed as the spec's block phase does: blockquote markers (`>`), list items
 * (content indentation from the marker's width; blank lines and lazy paragraph lines keep them
 * open), so a fence inside a list item or a blockquote is found and ends with it.
 *
 * Not followed: HTML blocks and MDX/JSX (a fence inside `<div>` is one here), link reference
 * definitions, and which list markers may interrupt a paragraph. Every user either re-checks
 * against the parsed tree or only uses the answer as a hint, so a misread costs time, not output.
 */

import { advance, dropIndent, leadingIndent, type Rest } from './lineColumns.ts'

/** A fenced code block as written in the source. Lines are 0-based indices into `source.split('\n')`. */
export interface FencedBlock {
  /** Line of the opening fence. */
  openLine: number
  /** Line of the closing fence, or null when the block is ended by its container or the document. */
  closeLine: number | null
  /** What ended the block: its closing fence, the end of its blockquote or list item, or the end of the document. */
  endedBy: 'fence' | 'container' | 'document'
  /** The first line after the block (the line after the closing fence, or where the block was cut off). */
  endLine: number
  /** The fence as written (```` ``` ````, `~~~~`). */
  marker: string
  /** The info string, trimmed, as written (backslash escapes are not undone). */
  info: string
  /** The content lines, with container markers and up to the opening fence's indentation removed. */
  lines: string[]
}

/** What a line of the source is to the fenced code around it. */
export const FenceRole = { Outside: 0, Open: 1, Content: 2, Close: 3 } as const

type Container = { kind: 'quote' } | { kind: 'item'; contentIndent: number }

interface OpenFence {
  block: FencedBlock
  /** How many containers the fence sits in: a line that does not continue all of them ends it. */
  depth: number
  /** Columns of indentation before the opening fence (removed from each content line). */
  indent: number
}

/**
 * Containers followed at most: each one is looked at again on every line. The nesting guard refuses
 * pages nested deeper than 100 anyway; beyond this the rest of the line is read as text, so a
 * hostile line of `- - - - ...` costs a bounded number of passes.
 */
const maxContainers = 128

const fenceRE = /^(`{3,}|~{3,})(.*)$/
const closingRE = /^(`{3,}|~{3,})[ \t]*$/
const listMarkerRE = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/
const thematicBreakRE = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const atxHeadingRE = /^#{1,6}(?:[ \t]|$)/
const blankRE = /^[ \t]*$/

/**
 * The last source scanned and its blocks. A page's passes before parsing (the nesting guard, the
 * container title rewrite) and after it (the unclosed fence warning) scan the same source one
 * after the other: once is enough. Callers only read the blocks.
 */
let lastScan: { source: string; blocks: readonly FencedBlock[] } | null = null

/** Every fenced code block of a markdown source, in order (a linear pass over its lines). */
export function scanFences(source: string): readonly FencedBlock[] {
  if (lastScan !== null && lastScan.source === source) return lastScan.blocks
  const blocks = scanSource(source)
  lastScan = { source, blocks }
  return blocks
}

function scanSource(source: string): FencedBlock[] {
  const lines = source.split('\n')
  // The empty string after a final newline is not a line.
  const lineCount = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
  const blocks: FencedBlock[] = []
  const stack: Container[] = []
  let fence: OpenFence | null = null
  let paragraph = false

  for (let index = 0; index < lineCount; index++) {
    const raw = lines[index]
    let rest: Rest = { text: raw.endsWith('\r') ? raw.slice(0, -1) : raw, column: 0 }

    // Which open containers this line continues.
    let matched = 0
    for (const container of stack) {
      const next = continueContainer(container, rest)
      if (!next) break
      rest = next
      matched++
    }

    if (fence) {
      if (matched >= fence.depth) {
        const { width, offset } = leadingIndent(rest)
        const closing = width <= 3 ? closingRE.exec(rest.text.slice(offset)) : null
        if (closing && closing[1][0] === fence.block.marker[0] && closing[1].length >= fence.block.marker.length) {
          fence.block.closeLine = index
          fence.block.endedBy = 'fence'
          fence.block.endLine = index + 1
          fence = null
          paragraph = false
        } else {
          fence.block.lines.push(dropIndent(rest, fence.indent).text)
        }
        continue
      }
      // Its container ended: so does the fence (CommonMark 5.2, "the end of the containing block").
      fence.block.endLine = index
      fence.block.endedBy = 'container'
      fence = null
      paragraph = false
    }

    if (matched < stack.length) {
      // A lazy continuation line keeps every container open (it goes on the paragraph inside them).
      if (paragraph && !blankRE.test(rest.text) && !startsBlock(rest)) continue
      stack.length = matched
    }

    const open = stack.length
    rest = openContainers(stack, rest, raw)
    if (stack.length > open) paragraph = false

    const { width, offset } = leadingIndent(rest)
    const text = rest.text.slice(offset)
    const opening = width <= 3 ? fenceRE.exec(text) : null
    // A backtick fence's info string cannot hold a backtick: the line is inline code instead.
    if (opening && !(opening[1][0] === '`' && opening[2].includes('`'))) {
      const block: FencedBlock = {
        openLine: index,
        closeLine: null,
        endedBy: 'document',
        endLine: lineCount,
        marker: opening[1],
        info: opening[2].trim(),
        lines: [],
      }
      blocks.push(block)
      fence = { block, depth: stack.length, indent: width }
      paragraph = false
      continue
    }
    // Indented code (4 columns or more) neither starts a paragraph nor ends one.
    if (blankRE.test(text)) paragraph = false
    else if (width <= 3) paragraph = !(atxHeadingRE.test(text) || thematicBreakRE.test(text))
  }
  memo.line = '' // do not keep a page's line alive after its scan
  return blocks
}

/** Pushes the containers (quotes, list items) this line opens onto `stack`; returns the rest of the line. */
function openContainers(stack: Container[], rest: Rest, raw: string): Rest {
  while (stack.length < maxContainers) {
    const { width, offset } = leadingIndent(rest)
    if (width > 3) break
    const text = rest.text.slice(offset)
    if (text[0] === '>') {
      stack.push({ kind: 'quote' })
      rest = afterQuoteMarker(rest, offset)
      continue
    }
    const marker = listMarkerRE.exec(text)
    if (!marker || isThematicBreakSuffix(text, raw)) break
    const afterMarker = advance(rest, offset + marker[0].length)
    const spaces = leadingIndent(afterMarker)
    // The content starts 1-4 columns after the marker; 5 or more means indented code, counted from 1 column.
    const gap = blankRE.test(afterMarker.text) || spaces.width > 4 ? 1 : spaces.width
    stack.push({ kind: 'item', contentIndent: width + marker[0].length + gap })
    rest = blankRE.test(afterMarker.text) ? { text: '', column: afterMarker.column + 1 } : dropIndent(afterMarker, gap)
  }
  return rest
}

/** Each line's role (indexed like `source.split('\n')`), for passes that walk the lines themselves. */
export function fenceRoles(source: string, lineCount = countLines(source)): Uint8Array {
  const roles = new Uint8Array(lineCount)
  for (const block of scanFences(source)) {
    roles[block.openLine] = FenceRole.Open
    const contentEnd = block.closeLine ?? block.endLine
    roles.fill(FenceRole.Content, block.openLine + 1, contentEnd)
    if (block.closeLine !== null) roles[block.closeLine] = FenceRole.Close
  }
  return roles
}

/**
 * Whether `text`, a suffix of `line` (after up to 3 spaces a split tab left), is a thematic break
 * (`- - -`, `***`). Checked against the last character of the line that could not be part of one
 * before running the pattern, so a line of thousands of `- ` list markers is not re-read per marker.
 */
function isThematicBreakSuffix(text: string, line: string): boolean {
  const char = text[0]
  if (char !== '-' && char !== '*') return false
  const last = lastNotIn(line, char)
  // The text holds line[last] (a character no thematic break of `char` holds) when it is longer than the tail after it.
  if (text.length > line.length - 1 - last + 3) return false
  return thematicBreakRE.test(text)
}

/** The last index of `line` holding neither `char` nor whitespace; remembered for the line being read. */
function lastNotIn(line: string, char: string): number {
  if (line === memo.line && char === memo.char) return memo.last
  let last = line.length - 1
  while (last >= 0 && (line[last] === char || line[last] === ' ' || line[last] === '\t' || line[last] === '\r')) last--
  memo.line = line
  memo.char = char
  memo.last = last
  return last
}
const memo = { line: '', char: '', last: -1 }

/** Whether the rest of a line (after the containers it continues) starts a block a paragraph cannot hold lazily. */
function startsBlock(rest: Rest): boolean {
  const { width, offset } = leadingIndent(rest)
  if (width > 3) return false
  const text = rest.text.slice(offset)
  return (
    text[0] === '>' ||
    listMarkerRE.test(text) ||
    fenceRE.test(text) ||
    atxHeadingRE.test(text) ||
    thematicBreakRE.test(text)
  )
}

/** The rest of the line inside `container`, or null when the line does not continue it. */
function continueContainer(container: Container, rest: Rest): Rest | null {
  if (container.kind === 'quote') {
    const { width, offset } = leadingIndent(rest, 4)
    return width <= 3 && rest.text[offset] === '>' ? afterQuoteMarker(rest, offset) : null
  }
  // Only the item's own indentation is counted: a line deep in nested items is not re-read per item.
  const { width, offset } = leadingIndent(rest, container.contentIndent)
  if (width >= container.contentIndent) return dropIndent(rest, container.contentIndent)
  return offset === rest.text.length ? { text: '', column: rest.column } : null
}

/** Past a `>` and the one optional space after it. */
function afterQuoteMarker(rest: Rest, markerOffset: number): Rest {
  const after = advance(rest, markerOffset + 1)
  return after.text[0] === ' ' || after.text[0] === '\t' ? dropIndent(after, 1) : after
}

function countLines(source: string): number {
  let count = 1
  for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) count++
  return count
}
