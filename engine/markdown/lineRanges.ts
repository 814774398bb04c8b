const rangeGroupRE = /\{([\d,\s-]+)\}/

/** Parses a code meta's line range (`{1,3-5}`) into a sorted set of 1-based line numbers. */
export function parseLineRanges(meta: string | null | undefined): Set<number> {
  const lines = new Set<number>()
  const match = meta?.match(rangeGroupRE)
  if (!match) return lines
  for (const part of match[1].split(',')) {
    const [startText, endText] = part.trim().split('-')
    const start = Number(startText)
    const end = endText === undefined ? start : Number(endText)
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) continue
    // Note: capped so a typo like {1-99999999} cannot allocate a huge set.
    for (let line = start; line <= Math.min(end, start + 10_000); line++) lines.add(line)
  }
  return lines
}

const titleRE = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/

/** Reads `title="..."` from a code meta string. */
export function parseCodeTitle(meta: string | null | undefined): string | undefined {
  const match = meta?.match(titleRE)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}
