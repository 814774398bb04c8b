const rangeGroupRE = /\{([\d,\s-]+)\}/

/**
 * Highest line a range is read up to when the block's length is not known (a worker highlighting
 * from the raw markdown): `{1-10001,10002-20002,...}` once filled a `Set` until it overflowed.
 */
export const maxHighlightedLine = 10_000

interface LineRange {
  start: number
  end: number
  /** As written, e.g. `3-5`. */
  text: string
}

/** The ranges of a code meta's `{1,3-5}` (malformed parts are left out, as before). */
function readRanges(meta: string | null | undefined): LineRange[] {
  const match = meta?.match(rangeGroupRE)
  if (!match) return []
  const ranges: LineRange[] = []
  for (const part of match[1].split(',')) {
    const text = part.trim()
    const [startText, endText] = text.split('-')
    const start = Number(startText)
    const end = endText === undefined ? start : Number(endText)
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) continue
    ranges.push({ start, end, text })
  }
  return ranges
}

/**
 * Parses a code meta's line range (`{1,3-5}`) into a sorted set of 1-based line numbers, no
 * higher than `lastLine` (the block's line count when known). The ranges are merged first, so the
 * work is bounded by `lastLine`, whatever the meta says.
 */
export function parseLineRanges(meta: string | null | undefined, lastLine = maxHighlightedLine): Set<number> {
  const ranges = readRanges(meta)
    .filter((range) => range.start <= lastLine)
    .map((range) => ({ start: range.start, end: Math.min(range.end, lastLine) }))
    .sort((a, b) => a.start - b.start)
  const lines = new Set<number>()
  let next = 1
  for (const range of ranges) {
    for (let line = Math.max(range.start, next); line <= range.end; line++) lines.add(line)
    next = Math.max(next, range.end + 1)
  }
  return lines
}

/** The ranges (as written) that reach past a block of `lineCount` lines, e.g. `["8-12"]` for a 10-line block. */
export function rangesPastEnd(meta: string | null | undefined, lineCount: number): string[] {
  return readRanges(meta)
    .filter((range) => range.end > lineCount)
    .map((range) => range.text)
}

/** The meta with its line ranges cut to a block of `lineCount` lines (`{2,8-12}` -> `{2,8-10}`). */
export function clampLineRanges(meta: string, lineCount: number): string {
  return meta.replace(rangeGroupRE, () => {
    const kept = readRanges(meta)
      .filter((range) => range.start <= lineCount)
      .map((range) =>
        range.start === Math.min(range.end, lineCount)
          ? `${range.start}`
          : `${range.start}-${Math.min(range.end, lineCount)}`,
      )
    return `{${kept.join(',')}}`
  })
}

const titleRE = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/

/** Reads `title="..."` from a code meta string. */
export function parseCodeTitle(meta: string | null | undefined): string | undefined {
  const match = meta?.match(titleRE)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}
