/**
 * GFM's table construct, tried only where a table can start or go on; the same tree.
 *
 * Why: the table is a flow construct on every character (micromark's `null` key), so it is tried
 * at the start of every block and, to see whether it interrupts a paragraph, on every line a
 * paragraph goes on with: each try reads the whole line as a head row before the next line says
 * no. In a corpus markdown worker that was about 0.5 s of its own time (of 14 s), plus micromark's
 * machinery for every character it read.
 *
 * A table starts with a head row over a delimiter row, and a delimiter row holds only `-`, `:`,
 * `|`, spaces and tabs, with at least one `-` (after its container's `>` or indentation). Where
 * the next line of the document is not such a line, the try fails at once instead of reading the
 * line; a row that goes on an open table (the events end with its head or a row) is always tried.
 * A failed try leaves no events; of its state it leaves the flow tokenizer's `interrupt` flag
 * false where it found it undefined, and every reader of that flag only asks whether it is set.
 */

interface TokenizeContext {
  events: [string, { type: string }, unknown][]
  now(): { offset: number }
}

type State = (code: number | null) => State | undefined
type Tokenizer = (this: TokenizeContext, effects: unknown, ok: State, nok: State) => State

interface Construct {
  name?: string
  tokenize: Tokenizer
}

/**
 * A micromark extension (or a list of them) with GFM's table construct gated; `document` gives the document being
 * parsed.
 */
export function gateTableConstruct(extension: unknown, document: () => string | undefined): unknown {
  if (Array.isArray(extension)) return extension.map((item) => gateTableConstruct(item, document))
  const flow = (extension as { flow?: Record<string, Construct | Construct[] | undefined> } | null)?.flow
  const all = flow?.null
  if (!all) return extension
  const gate = (construct: Construct) => (construct.name === 'table' ? gatedTable(construct, document) : construct)
  return { ...(extension as object), flow: { ...flow, null: Array.isArray(all) ? all.map(gate) : gate(all) } }
}

function gatedTable(table: Construct, document: () => string | undefined): Construct {
  const tokenize = table.tokenize
  return {
    ...table,
    tokenize(effects, ok, nok) {
      const start = tokenize.call(this, effects, ok, nok)
      return (code) => {
        const text = document()
        if (text !== undefined && code !== null && code > 0 && !continuesTable(this.events)) {
          const offset = this.now().offset
          // A sanity check of the offset: the document has micromark's character there.
          if (text.charCodeAt(offset) === code && !nextLineMayDelimit(text, offset)) return nok(code)
        }
        return start(code)
      }
    },
  }
}

/**
 * Whether the events end with a table's head or row (line endings and prefixes aside), as the construct itself checks.
 */
function continuesTable(events: TokenizeContext['events']): boolean {
  for (let index = events.length - 1; index >= 0; index--) {
    const type = events[index][1].type
    if (type === 'lineEnding' || type === 'linePrefix') continue
    return type === 'tableHead' || type === 'tableRow'
  }
  return false
}

/** Whether the line after the one at `offset` may be a delimiter row: only ` \t|:->` and at least one `-`. */
function nextLineMayDelimit(text: string, offset: number): boolean {
  let index = offset
  while (index < text.length) {
    const code = text.charCodeAt(index)
    if (code === 10 || code === 13) break
    index++
  }
  // The head row is the last line: there is no delimiter row.
  if (index >= text.length) return false
  index += text.charCodeAt(index) === 13 && text.charCodeAt(index + 1) === 10 ? 2 : 1
  let dash = false
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 10 || code === 13) break
    if (code === 45) dash = true
    else if (code !== 32 && code !== 9 && code !== 124 && code !== 58 && code !== 62) return false
  }
  return dash
}
