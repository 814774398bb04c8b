import { scanFences } from './fenceScanner.ts'

/**
 * The 1-based line of a code fence that is never closed and so runs to the end of the document,
 * or null. A fence ended by its blockquote or list item is not reported: only the rest of that
 * container is code, as its author can see.
 */
export function findUnclosedFence(source: string): number | null {
  const unclosed = scanFences(source).find((block) => block.endedBy === 'document')
  return unclosed ? unclosed.openLine + 1 : null
}
