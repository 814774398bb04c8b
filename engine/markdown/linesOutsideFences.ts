const fenceRE = /^ {0,3}(`{3,}|~{3,})/

/**
 * Rewrites a markdown source line by line, leaving fenced code as it is: the one line-based pass
 * that source rewrites before parsing share (container titles, custom heading ids). Line numbers
 * are kept. CommonMark's rule: a fence closes on a line of the same character, at least as long,
 * with nothing after it.
 */
export function mapLinesOutsideFences(source: string, map: (line: string) => string): string {
  let fence: string | null = null
  return source
    .split('\n')
    .map((line) => {
      const marker = fenceRE.exec(line)?.[1]
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null
        return line
      }
      if (marker) {
        fence = marker
        return line
      }
      return map(line)
    })
    .join('\n')
}
