import { scanFences } from './fenceScanner.ts'

/** A fenced code block as it is written: what the highlighter needs, read without parsing the page. */
export interface CodeFence {
  /** The first word of the info string (`tsx` in ```` ```tsx title="a.tsx" ````), or ''. */
  lang: string
  /** The rest of the info string, trimmed. */
  meta: string
  /** The block's text, without the fences and without a final newline. */
  code: string
}

/**
 * The closed fenced code blocks of a markdown file, found line by line (fenceScanner.ts) in a
 * few milliseconds, so a highlighter in another thread can start on them while the file is still
 * waiting to be parsed (see highlightAhead.ts).
 *
 * A guess, not a parser: fences inside HTML or front-matter, or escapes in an info string, can
 * come out differently from what the markdown parser sees. That costs nothing but time, since a
 * guessed block is only used when the parsed block has the very same language, meta and text.
 * An unclosed fence is left out: the parser reports it, nothing to guess.
 */
export function findCodeFences(source: string): CodeFence[] {
  const fences: CodeFence[] = []
  for (const block of scanFences(source)) {
    if (block.closeLine === null) continue
    const space = block.info.search(/[ \t]/)
    fences.push({
      lang: space < 0 ? block.info : block.info.slice(0, space),
      meta: space < 0 ? '' : block.info.slice(space).trim(),
      code: block.lines.join('\n'),
    })
  }
  return fences
}
