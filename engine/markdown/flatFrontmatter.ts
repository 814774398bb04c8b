/**
 * Front-matter written as flat `key: value` lines, read without the YAML parser.
 *
 * Why: nearly every page's front-matter is a `title:` and a `description:` line, and the yaml
 * package's parseDocument (a CST, a document model, then toJS) cost about a quarter of a
 * millisecond a page on the 1,000-page corpus, more on a thread where it is not yet compiled (this
 * site's main thread: 74 ms for 66 pages). Only lines whose meaning is plain are read here; any
 * other block (an empty or commented line, nesting, a list, a key or value YAML would type as a
 * boolean, null or number, an escape, a repeated key) gives null and goes to the yaml package,
 * so the result is always the one it gives (tests/unit/engine/markdown/flatFrontmatter.test.ts).
 */

/** A key: ASCII letters, digits, `_` and `-`, starting with a letter (YAML caps implicit keys at 1,024 characters). */
const lineRE = /^([A-Za-z][\w-]{0,63}): +(.*)$/
/** A double-quoted value without escapes, control characters or anything after it but spaces. */
const doubleQuotedRE = /^"([^"\\\x00-\x1f\x7f]*)" *$/
/** A single-quoted value without a quote inside (`''` is an escaped one) or control characters. */
const singleQuotedRE = /^'([^'\x00-\x1f\x7f]*)' *$/
/**
 * A plain value that YAML's core schema reads as a string: starting with a letter (numbers and
 * the special floats start otherwise), without `:` or `#` (a mapping, a comment) or any flow or
 * tag indicator; words YAML reads as booleans or null are refused below.
 */
const plainRE = /^[A-Za-z][A-Za-z0-9 _.,()/?!+'-]*$/
const typedWords = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL'])

/** The front-matter's fields, or null when the block is not flat lines of strings (ask the yaml package). */
export function readFlatFrontmatter(block: string): Record<string, string> | null {
  if (block === '' || block.includes('\r')) return null
  const data: Record<string, string> = {}
  for (const line of block.split('\n')) {
    const match = lineRE.exec(line)
    if (!match) return null
    const [, key, raw] = match
    // YAML types keys too: `null:` is the key "", `False:` the key "false".
    if (Object.hasOwn(data, key) || typedWords.has(key)) return null
    const value = valueOf(raw)
    if (value === null) return null
    data[key] = value
  }
  return data
}

function valueOf(raw: string): string | null {
  const first = raw.charCodeAt(0)
  if (first === 34) return doubleQuotedRE.exec(raw)?.[1] ?? null // "
  if (first === 39) return singleQuotedRE.exec(raw)?.[1] ?? null // '
  if (!plainRE.test(raw)) return null
  const value = raw.trimEnd()
  return typedWords.has(value) ? null : value
}
