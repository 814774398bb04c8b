import type { PatternScanner, RegexEngine, RegexEngineString } from 'shiki'

/** Most distinct pattern lists one highlighter keeps (a few hundred in practice). */
const maxScanners = 5000

/** What a scanner's search answers: the pattern that matched first, and its captures. */
type Match = NonNullable<ReturnType<PatternScanner['findNextMatchSync']>>

/**
 * A regex engine that compiles each distinct pattern once, on its first search, however many
 * rules' pattern lists hold it, and keeps each distinct list.
 *
 * Why: a TextMate grammar's rules list their patterns with those of the rules they include, so
 * the same few hundred patterns come back in every list. Highlighting this site's 624 code blocks
 * compiled 111 distinct lists holding 4,588 patterns, of which 396 were distinct, and compiling
 * them was two thirds of the highlighting. Searching pattern by pattern costs more than one
 * compiled list (which tries every pattern at each position in one pass), but less than the
 * compiling it saves: this site's blocks highlighted in 1.29-1.44 s instead of 1.74-1.81 s (the
 * fastest three of five alternating runs), the 1,000-page corpus's 2,995 in 8% less CPU, output
 * identical. Lists also repeat (TextMate rules whose end pattern refers back to the begin match,
 * such as a JSX element's `</\1>`, rebuild their list at every occurrence), so each is kept.
 *
 * A list's search is the one Oniguruma's own scanner makes: the earliest match from the start
 * position, the first pattern in the list at a tie. Each pattern remembers its last search of a
 * string (as Oniguruma's scanner does for each of its patterns): a later search of the same
 * string from a position no further than that match gives the same match, unless the pattern
 * has a `\G` (its match depends on where the search starts). Compiled patterns hold no matching
 * state, so sharing them between lists and highlighters of one engine is safe; they are never
 * disposed, since another list may still use them.
 */
export function withScannerCache(engine: RegexEngine): RegexEngine {
  const patterns = new Map<string, SharedPattern>()
  const scanners = new Map<string, PatternScanner>()
  const patternOf = (source: string | RegExp): SharedPattern => {
    const key = typeof source === 'string' ? source : `/${source.source}/${source.flags}`
    let pattern = patterns.get(key)
    if (!pattern)
      patterns.set(
        key,
        (pattern = new SharedPattern(
          () => engine.createScanner([source]),
          typeof source === 'string' ? hasGAnchor(source) : source.source.includes('\\G'),
        )),
      )
    return pattern
  }
  return {
    createString: (text) => engine.createString(text),
    createScanner(sources) {
      const key = sources
        .map((source) => (typeof source === 'string' ? source : `/${source.source}/${source.flags}`))
        .join('\u0000')
      let scanner = scanners.get(key)
      if (!scanner) {
        scanner = new ListScanner(sources.map(patternOf))
        if (scanners.size >= maxScanners) scanners.clear()
        scanners.set(key, scanner)
      }
      return scanner
    },
  }
}

/** One compiled pattern, with its last search (see withScannerCache). */
class SharedPattern {
  private lastString: string | RegexEngineString | null = null
  private lastStart = 0
  private lastOptions = 0
  private lastMatch: Match | null = null

  private scanner: PatternScanner | null = null

  constructor(
    private readonly compile: () => PatternScanner,
    private readonly dependsOnStart: boolean,
  ) {}

  search(string: string | RegexEngineString, start: number, options: number): Match | null {
    if (
      !this.dependsOnStart &&
      string === this.lastString &&
      options === this.lastOptions &&
      this.lastStart <= start &&
      (this.lastMatch === null || this.lastMatch.captureIndices[0].start >= start)
    ) {
      return this.lastMatch
    }
    this.scanner ??= this.compile()
    const match = this.scanner.findNextMatchSync(string, start, options) ?? null
    this.lastString = string
    this.lastStart = start
    this.lastOptions = options
    this.lastMatch = match
    return match
  }
}

/** A rule's list of patterns, searched as Oniguruma's scanner searches it (see withScannerCache). */
class ListScanner implements PatternScanner {
  constructor(private readonly patterns: SharedPattern[]) {}

  findNextMatchSync(string: string | RegexEngineString, start: number, options?: number): Match | null {
    let best: Match | null = null
    let bestIndex = -1
    for (let index = 0; index < this.patterns.length; index++) {
      const match = this.patterns[index].search(string, start, options ?? 0)
      if (!match || (best && match.captureIndices[0].start >= best.captureIndices[0].start)) continue
      best = match
      bestIndex = index
      // Nothing starts sooner, and a later pattern loses the tie.
      if (match.captureIndices[0].start === start) break
    }
    return best && { index: bestIndex, captureIndices: best.captureIndices }
  }

  dispose(): void {
    // Its patterns are shared with other lists (see withScannerCache).
  }
}

/** Whether an Oniguruma pattern has a `\G` (a backslash escapes the character after it). */
function hasGAnchor(source: string): boolean {
  for (let at = 0; at < source.length - 1; at++) {
    if (source[at] !== '\\') continue
    if (source[at + 1] === 'G') return true
    at++
  }
  return false
}
