import { parseDocument } from 'yaml'
import { SheafError } from '../errors.ts'
import { readFlatFrontmatter } from './flatFrontmatter.ts'

/** A front-matter block at the very start of a file; group 1 is its YAML text. */
export const frontmatterRE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export interface FrontmatterResult {
  data: Record<string, unknown>
  /** Number of lines the front-matter block takes (0 when absent), to offset body positions. */
  lineCount: number
}

/** Parses YAML front-matter; errors carry the file's line and column. */
export function parseFrontmatter(source: string, file: string): FrontmatterResult {
  const match = frontmatterRE.exec(source)
  if (!match) return { data: {}, lineCount: 0 }
  const lineCount = match[0].split('\n').length - 1
  // Flat `key: value` lines need no YAML parser (see flatFrontmatter.ts).
  const flat = readFlatFrontmatter(match[1])
  if (flat) return { data: flat, lineCount }
  const document = parseDocument(match[1], { prettyErrors: false })
  if (document.errors.length > 0) {
    const first = document.errors[0]
    const [line, column] = first.linePos?.[0] ? [first.linePos[0].line + 1, first.linePos[0].col] : [2, 1]
    throw new SheafError(`The front-matter is not valid YAML: ${first.message.split('\n')[0]}`, {
      file,
      line,
      column,
      hint: 'check the indentation and quote values that contain `:` or `#`, e.g. `title: "a: b"`.',
    })
  }
  const data = document.toJS() ?? {}
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new SheafError('The front-matter must be a YAML mapping of fields.', { file, line: 2, column: 1, hint: 'write fields as `key: value` lines between the `---` markers.' })
  }
  return { data: data as Record<string, unknown>, lineCount }
}

/** Checks the types of the front-matter fields the engine reads. */
export function assertFrontmatterTypes(data: Record<string, unknown>, file: string, source: string): void {
  const expectString = (field: string) => {
    const value = data[field]
    if (value === undefined || value === null || typeof value === 'string') return
    throw new SheafError(`The front-matter field \`${field}\` must be a string, got ${JSON.stringify(value)}.`, {
      file,
      line: lineOf(source, field),
      column: 1,
      hint: `write \`${field}: Some text\` (quote it if it contains \`:\`).`,
    })
  }
  for (const field of ['title', 'description', 'pageType']) expectString(field)
}

function lineOf(source: string, field: string): number {
  const index = source.split('\n').findIndex((line) => line.startsWith(`${field}:`))
  return index === -1 ? 1 : index + 1
}
