import type { PatternScanner, RegexEngine } from 'shiki'

/** Most distinct pattern lists one highlighter keeps compiled (a few hundred in practice). */
const maxScanners = 5000

/**
 * A regex engine that compiles each distinct list of patterns once.
 *
 * Why: TextMate rules whose end pattern refers back to the begin match (a JSX
 * element's `</\1>`, a heredoc's marker) resolve the end pattern per
 * occurrence, and vscode-textmate then recompiles the rule's whole pattern
 * list, dozens of patterns, for every element it meets. Docs repeat the same
 * few tag names, so the same lists come back: compiling them once per
 * highlighter cut highlighting the 3,613 blocks of the 1,000-page bench corpus
 * from 5.7 s to 4.1 s on one thread, output identical. Scanners hold no matching state between
 * calls, so sharing one is safe; a shared scanner is never disposed, since
 * another rule may still use it.
 */
export function withScannerCache(engine: RegexEngine): RegexEngine {
  const scanners = new Map<string, PatternScanner>()
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      // Patterns are sources (strings); a RegExp pattern is keyed by its source and flags.
      const key = patterns.map((pattern) => (typeof pattern === 'string' ? pattern : `/${pattern.source}/${pattern.flags}`)).join('\u0000')
      let scanner = scanners.get(key)
      if (!scanner) {
        const compiled = engine.createScanner(patterns)
        scanner = { findNextMatchSync: (string, startPosition, options) => compiled.findNextMatchSync(string, startPosition, options), dispose: () => undefined }
        if (scanners.size >= maxScanners) scanners.clear()
        scanners.set(key, scanner)
      }
      return scanner
    },
  }
}
