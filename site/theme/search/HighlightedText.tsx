import type { ReactNode } from 'react'
import type { HighlightRange } from './searchShared.ts'

export interface HighlightedTextProps {
  text: string
  highlights: readonly HighlightRange[]
}

/**
 * Text with its highlight ranges wrapped in `<mark>`. Everything is a React
 * text node: page text is never parsed as HTML, so `<img onerror=...>` in a
 * page shows as those characters.
 */
export function HighlightedText({ text, highlights }: HighlightedTextProps) {
  const parts: ReactNode[] = []
  let cursor = 0
  for (const range of [...highlights].sort((a, b) => a.start - b.start)) {
    const start = Math.max(range.start, cursor)
    const end = Math.min(range.start + range.length, text.length)
    if (end <= start) continue
    if (start > cursor) parts.push(text.slice(cursor, start))
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>)
    cursor = end
  }
  if (cursor < text.length) parts.push(text.slice(cursor))
  return <>{parts}</>
}
