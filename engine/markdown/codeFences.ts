/** A fenced code block as it is written: what the highlighter needs, read without parsing the page. */
export interface CodeFence {
  /** The first word of the info string (`tsx` in ```` ```tsx title="a.tsx" ````), or ''. */
  lang: string
  /** The rest of the info string, trimmed. */
  meta: string
  /** The block's text, without the fences and without a final newline. */
  code: string
}

const openingRE = /^( *)(`{3,}|~{3,})(.*)$/

/**
 * The fenced code blocks of a markdown file, found line by line in a few
 * milliseconds, so a highlighter in another thread can start on them while
 * the file is still waiting to be parsed (see highlightAhead.ts).
 *
 * A guess, not a parser: fences inside blockquotes, HTML or front-matter, or
 * escapes in an info string, can come out differently from what the markdown
 * parser sees. That costs nothing but time, since a guessed block is only
 * used when the parsed block has the very same language, meta and text.
 */
export function findCodeFences(source: string): CodeFence[] {
  const lines = source.split(/\r\n|\r|\n/)
  const fences: CodeFence[] = []
  for (let index = 0; index < lines.length; index++) {
    const opening = openingRE.exec(lines[index])
    if (!opening) continue
    const [, indent, marker, info] = opening
    // CommonMark: a backtick fence's info string has no backticks (it would be inline code).
    if (marker[0] === '`' && info.includes('`')) continue
    const closing = new RegExp(`^ *${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`)
    const body: string[] = []
    let end = index + 1
    while (end < lines.length && !closing.test(lines[end])) body.push(removeIndent(lines[end++], indent.length))
    // An unclosed fence runs to the end of the file: the parser reports it, nothing to guess.
    if (end >= lines.length) break
    const trimmed = info.trim()
    const space = trimmed.search(/[ \t]/)
    fences.push({
      lang: space < 0 ? trimmed : trimmed.slice(0, space),
      meta: space < 0 ? '' : trimmed.slice(space).trim(),
      code: body.join('\n'),
    })
    index = end
  }
  return fences
}

/** CommonMark removes up to the opening fence's indentation from each line of the block. */
function removeIndent(line: string, width: number): string {
  let cut = 0
  while (cut < width && line[cut] === ' ') cut++
  return line.slice(cut)
}
