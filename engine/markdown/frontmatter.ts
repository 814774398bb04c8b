import { parseDocument } from 'yaml'
import { SheafError } from '../errors.ts'
import { readFlatFrontmatter } from './flatFrontmatter.ts'

const frontmatterRE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export interface FrontmatterResult {
  data: Record<string, unknown>
  /** Number of lines the front-matter block takes (0 when absent), to offset body positions. */
  lineCount: number
  /**
   * The line (1-based, in the page) a field is written on, by its path (`['hero', 'actions', 0, 'link']`), when known.
   */
  lineOf: (path: readonly (string | number)[]) => number | undefined
}

const noLines = () => undefined

/** Parses YAML front-matter; errors carry the file's line and column. */
export function parseFrontmatter(source: string, file: string): FrontmatterResult {
  const match = frontmatterRE.exec(source)
  if (!match) return { data: {}, lineCount: 0, lineOf: noLines }
  const lineCount = match[0].split('\n').length - 1
  // Flat `key: value` lines need no YAML parser (see flatFrontmatter.ts).
  const flat = readFlatFrontmatter(match[1])
  if (flat)
    return {
      data: flat,
      lineCount,
      lineOf: (path) => (path.length === 1 ? topLevelLine(match[1], String(path[0])) : undefined),
    }
  const document = readYaml(() => parseDocument(match[1], { prettyErrors: false }), match[1], file)
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
  // The yaml package refuses more than 100 alias expansions (a "billion laughs" bomb) with a plain Error.
  const data = readYaml(() => document.toJS({ maxAliasCount: maxYamlAliases }), match[1], file) ?? {}
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new SheafError('The front-matter must be a YAML mapping of fields.', {
      file,
      line: 2,
      column: 1,
      hint: 'write fields as `key: value` lines between the `---` markers.',
    })
  }
  const lineOf = (path: readonly (string | number)[]) => {
    const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined
    // Line 1 is the opening `---`: the block's first line is the page's second.
    return node?.range ? lineAt(match[1], node.range[0]) + 1 : undefined
  }
  return { data: data as Record<string, unknown>, lineCount, lineOf }
}

/** The 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++
  return line
}

/** The page line of a flat block's `key:` line. */
function topLevelLine(block: string, key: string): number | undefined {
  const index = block.split('\n').findIndex((line) => line.startsWith(`${key}:`))
  return index === -1 ? undefined : index + 2
}

/** Alias expansions a front-matter block may make: a real one makes a few, a "billion laughs" block millions. */
export const maxYamlAliases = 100

/**
 * Runs one step of the YAML parser, turning what it throws on hostile input into a located error:
 * an alias bomb (too many expansions) or nesting deep enough to overflow the stack (`[[[[...`).
 */
function readYaml<T>(step: () => T, yaml: string, file: string): T {
  try {
    return step()
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SheafError('The front-matter is nested too deeply to read.', {
        file,
        line: 2,
        column: 1,
        hint: 'write front-matter as a few levels of `key: value` fields.',
        cause: error,
      })
    }
    if (error instanceof Error && /alias/i.test(error.message)) {
      const at = yaml.split('\n').findIndex((line) => /(?:^|[\s,[{:-])\*[^\s,\]}]+/.test(line))
      throw new SheafError(
        `The front-matter's YAML aliases (\`*name\`) expand to more than ${maxYamlAliases} copies: ${error.message}.`,
        {
          file,
          line: at === -1 ? 2 : at + 2,
          column: 1,
          hint: 'write the values out instead of repeating them through anchors and aliases (`&name` / `*name`).',
          cause: error,
        },
      )
    }
    throw error
  }
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
