import { SheafError } from '../errors.ts'

/** Deeper nesting than this is refused before parsing: parsers recurse (and slow down) per level. */
export const maxNestingDepth = 100

const blockquoteRE = /^(\s{0,3}>\s?)+/
const listItemRE = /^(\s*)([-*+]|\d{1,9}[.)])\s/

/**
 * Refuses lists and blockquotes nested deeper than `maxNestingDepth`, with the
 * line where it happens, instead of a stack overflow or a quadratic parse.
 */
export function assertReasonableNesting(source: string, file: string): void {
  const lines = source.split('\n')
  const listIndents: number[] = []
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    const quote = blockquoteRE.exec(line)
    const quoteDepth = quote ? (quote[0].match(/>/g) ?? []).length : 0
    if (quoteDepth > maxNestingDepth) throw tooDeep('blockquotes', file, index + 1)
    const item = listItemRE.exec(line)
    if (!item) continue
    const indent = item[1].length
    while (listIndents.length && listIndents[listIndents.length - 1] >= indent) listIndents.pop()
    listIndents.push(indent)
    if (listIndents.length > maxNestingDepth) throw tooDeep('lists', file, index + 1)
  }
}

function tooDeep(what: string, file: string, line: number): SheafError {
  return new SheafError(`The ${what} here are nested more than ${maxNestingDepth} levels deep.`, {
    file,
    line,
    column: 1,
    hint: `flatten the structure (readers cannot follow more than a few levels either).`,
  })
}
