/**
 * Columns of a markdown line as CommonMark counts them (a tab stops every 4 columns), for the
 * fence scanner: a line's indentation, and the line with some of it removed.
 */

/** What is left of a line after its container markers, and the column it starts at (tabs stop every 4). */
export interface Rest {
  text: string
  column: number
}

/**
 * Columns of leading whitespace, and where the first other character is (or, past `limit` columns, where the count
 * stopped).
 */
export function leadingIndent(rest: Rest, limit = Infinity): { width: number; offset: number } {
  let column = rest.column
  let offset = 0
  for (; offset < rest.text.length && column - rest.column < limit; offset++) {
    const char = rest.text[offset]
    if (char === ' ') column++
    else if (char === '\t') column += 4 - (column % 4)
    else break
  }
  return { width: column - rest.column, offset }
}

/** The text from `offset` on, with its column. */
export function advance(rest: Rest, offset: number): Rest {
  return { text: rest.text.slice(offset), column: rest.column + leadingWidth(rest.text.slice(0, offset), rest.column) }
}

function leadingWidth(text: string, start: number): number {
  let column = start
  for (const char of text) column += char === '\t' ? 4 - (column % 4) : 1
  return column - start
}

/** Removes up to `columns` columns of leading whitespace; a tab cut in part leaves its other columns as spaces. */
export function dropIndent(rest: Rest, columns: number): Rest {
  let column = rest.column
  const target = rest.column + columns
  let offset = 0
  while (offset < rest.text.length && column < target) {
    const char = rest.text[offset]
    if (char === ' ') column++
    else if (char === '\t') {
      const next = column + 4 - (column % 4)
      if (next > target) return { text: ' '.repeat(next - target) + rest.text.slice(offset + 1), column: target }
      column = next
    } else break
    offset++
  }
  return { text: rest.text.slice(offset), column }
}
