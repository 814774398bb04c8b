import { fenceRoles, FenceRole } from './fenceScanner.ts'

/**
 * Rewrites a markdown source line by line, leaving fenced code (its fences and content, as
 * fenceScanner.ts reads them) as it is: the one line-based pass that source rewrites before
 * parsing share (container titles, custom heading ids). Line numbers are kept.
 */
export function mapLinesOutsideFences(source: string, map: (line: string) => string): string {
  const lines = source.split('\n')
  const roles = fenceRoles(source, lines.length)
  return lines.map((line, index) => (roles[index] === FenceRole.Outside ? map(line) : line)).join('\n')
}
