import {
  getNodeValue,
  parseTree,
  printParseErrorCode,
  type Node as JsonNode,
  type ParseError,
  type ParseErrorCode,
} from 'jsonc-parser'
import { SheafError } from 'sheaf'
import type { MetaFile } from './types.ts'

export type MetaEntry =
  | { type: 'file'; name: string; label?: string; tag?: string }
  | {
      type: 'dir'
      name: string
      label?: string
      collapsed?: boolean
      collapsible?: boolean
      tag?: string
      overviewHeaders?: number[]
    }
  | { type: 'divider'; dividerType?: 'solid' | 'dashed'; dashed?: boolean }
  | { type: 'section-header'; label: string; tag?: string }
  | { type: 'custom-link'; label: string; link: string; tag?: string }

const itemTypes = ['file', 'dir', 'divider', 'section-header', 'custom-link'] as const
type ItemType = (typeof itemTypes)[number]

/** A field's check: a description for messages, an example for the fix, and the test. */
interface FieldSpec {
  expected: string
  example: string
  test: (value: unknown) => boolean
}

const isString = (value: unknown) => typeof value === 'string'
const isBoolean = (value: unknown) => typeof value === 'boolean'
const stringField: FieldSpec = { expected: 'a string', example: '"Guides"', test: isString }
const nameField: FieldSpec = {
  expected: 'a non-empty string (a file or folder name)',
  example: '"intro"',
  test: (value) => isString(value) && (value as string).trim() !== '',
}
const booleanField: FieldSpec = { expected: '`true` or `false`', example: 'true', test: isBoolean }

/**
 * Every field each item type takes, with its type: the sidebar renders these values (a `tag`
 * that was an object crashed the build with "Unexpected error" and no file).
 */
const fieldsByType: Record<ItemType, Record<string, FieldSpec>> = {
  file: { type: stringField, name: nameField, label: stringField, tag: stringField },
  dir: {
    type: stringField,
    name: nameField,
    label: stringField,
    tag: stringField,
    collapsed: booleanField,
    collapsible: booleanField,
    overviewHeaders: {
      expected: 'an array of heading levels (numbers)',
      example: '[2, 3]',
      test: (value) => Array.isArray(value) && value.every((level) => Number.isInteger(level)),
    },
  },
  // `dashed: true` is Rspress 1.x's spelling of `dividerType: "dashed"`.
  divider: {
    type: stringField,
    dividerType: {
      expected: '"solid" or "dashed"',
      example: '"dashed"',
      test: (value) => value === 'solid' || value === 'dashed',
    },
    dashed: booleanField,
  },
  'section-header': { type: stringField, label: stringField, tag: stringField },
  // Rspress: a link to a route (within the sidebar's version and language) or an external URL.
  'custom-link': {
    type: stringField,
    label: stringField,
    link: {
      expected: 'a non-empty string (a route or a URL)',
      example: '"/guide/start"',
      test: (value) => isString(value) && (value as string).trim() !== '',
    },
    tag: stringField,
  },
}

/**
 * Parses and checks a `_meta.json` (the Rspress convention): an ordered
 * array of names or `{ type, name, label, collapsed }` objects. Every field
 * is type-checked; errors name the file, the line and column of the offending
 * item or field (from jsonc-parser's syntax tree), and say how to fix it.
 */
export function parseMeta(meta: MetaFile): MetaEntry[] {
  const tree = parseJsonTree(meta)
  if (tree.type !== 'array') {
    throw new SheafError('`_meta.json` must hold an array of items.', {
      file: meta.sourcePath,
      ...lineAndColumn(meta.content, tree.offset),
      hint: 'write `["intro", "quick-start"]`.',
    })
  }
  const items = tree.children ?? []
  if (items.length > maxMetaEntries) {
    throw new SheafError(
      `\`_meta.json\` lists ${items.length} items, more than the ${maxMetaEntries} a sidebar folder may have.`,
      {
        file: meta.sourcePath,
        ...lineAndColumn(meta.content, items[maxMetaEntries].offset),
        hint:
          'split the folder into sub-folders (each with its own `_meta.json`); ' +
          'readers cannot scan thousands of sidebar items either.',
      },
    )
  }
  return items.map((node, index) => toEntry(node, index, meta))
}

/**
 * Most items one `_meta.json` may list. Every page of the folder's version carries the sidebar:
 * a 2.1 MB file of dividers made 900 MB of output across 50 pages. This site's longest has 30.
 */
export const maxMetaEntries = 2_000

/** Strict JSON (no comments, no trailing commas), as a tree with offsets; a syntax error is located. */
function parseJsonTree(meta: MetaFile): JsonNode {
  const errors: ParseError[] = []
  let tree: JsonNode | undefined
  try {
    tree = parseTree(meta.content, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    })
  } catch (error) {
    // The parser recurses per level of nesting: thousands of `[` overflow the stack.
    if (!(error instanceof RangeError)) throw error
    throw new SheafError('`_meta.json` is nested too deeply to read.', {
      file: meta.sourcePath,
      line: 1,
      column: 1,
      hint: 'a `_meta.json` is a flat array of names and objects.',
    })
  }
  const first = errors[0]
  if (first || !tree) {
    const offset = first?.offset ?? 0
    throw new SheafError(`\`_meta.json\` is not valid JSON: ${describeSyntaxError(first?.error)}.`, {
      file: meta.sourcePath,
      ...lineAndColumn(meta.content, offset),
      hint:
        'write an array such as `["intro", { "type": "dir", "name": "api", "label": ' +
        '"API" }]` (no trailing commas, double quotes).',
    })
  }
  return tree
}

const syntaxErrors: Record<string, string> = {
  InvalidSymbol: 'unexpected character (strings and names take double quotes)',
  InvalidNumberFormat: 'a number is malformed',
  PropertyNameExpected: 'a field name in double quotes was expected (no trailing commas)',
  ValueExpected: 'a value was expected (no trailing commas)',
  ColonExpected: 'a colon was expected after the field name',
  CommaExpected: 'a comma was expected between items',
  CloseBraceExpected: 'a `}` was expected',
  CloseBracketExpected: 'a `]` was expected',
  EndOfFileExpected: 'the text goes on after the array',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a `\\u` escape is malformed',
  InvalidEscapeCharacter: 'a backslash escape is malformed',
  InvalidCharacter: 'a string holds a control character (write `\\n`, `\\t`)',
}

function describeSyntaxError(code: ParseErrorCode | undefined): string {
  if (code === undefined) return 'the file is empty'
  return syntaxErrors[printParseErrorCode(code)] ?? 'unexpected text'
}

function toEntry(node: JsonNode, index: number, meta: MetaFile): MetaEntry {
  const entry: unknown = getNodeValue(node)
  // A field's problem points at its key (the last one, whose value counts), anything else at the item.
  const at = (field?: string) => {
    const property =
      field === undefined || node.type !== 'object'
        ? undefined
        : node.children?.findLast((child) => child.children?.[0]?.value === field)
    return { file: meta.sourcePath, ...lineAndColumn(meta.content, property?.offset ?? node.offset) }
  }
  if (typeof entry === 'string') {
    if (entry.trim() === '')
      throw new SheafError(`Item ${index} of \`_meta.json\` is an empty name.`, {
        ...at(),
        hint: 'write the name of a page or folder, e.g. `"intro"`, or remove the item.',
      })
    return { type: 'file', name: entry }
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` must be a name or an object, got ${preview(entry)}.`, {
      ...at(),
      hint: 'write `"intro"` or `{ "type": "file", "name": "intro" }`.',
    })
  }
  const item = entry as Record<string, unknown>
  const type = item.type ?? 'file'
  if (typeof type !== 'string' || !(itemTypes as readonly string[]).includes(type)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` has the unknown type ${preview(type)}.`, {
      ...at('type'),
      hint: `use one of ${itemTypes.map((name) => `"${name}"`).join(', ')}.`,
    })
  }
  const fields = fieldsByType[type as ItemType]
  for (const [field, fieldValue] of Object.entries(item)) {
    const spec = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (!spec) {
      throw new SheafError(`Item ${index} of \`_meta.json\` (type "${type}") has the unknown field "${field}".`, {
        ...at(field),
        hint: `use only ${Object.keys(fields)
          .map((name) => `"${name}"`)
          .join(', ')}.`,
      })
    }
    if (!spec.test(fieldValue)) {
      throw new SheafError(
        `The field "${field}" of item ${index} of \`_meta.json\` must be ${spec.expected}, got ${preview(fieldValue)}.`,
        {
          ...at(field),
          hint: `write e.g. \`"${field}": ${spec.example}\`.`,
        },
      )
    }
  }
  if ((type === 'file' || type === 'dir') && item.name === undefined) {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "${type}") needs a "name".`, {
      ...at(),
      hint: `write \`{ "type": "${type}", "name": "..." }\`.`,
    })
  }
  if (type === 'custom-link' && (item.label === undefined || item.link === undefined)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "custom-link") needs a "label" and a "link".`, {
      ...at(),
      hint: 'write `{ "type": "custom-link", "label": "GitHub", "link": "https://github.com/..." }`.',
    })
  }
  if (type === 'section-header' && item.label === undefined) {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "section-header") needs a "label".`, {
      ...at(),
      hint: 'write `{ "type": "section-header", "label": "Guides" }`.',
    })
  }
  // The parser builds objects without a prototype: hand on plain ones.
  return { ...item } as MetaEntry
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** 1-based line and column of an offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: before[before.length - 1].length + 1 }
}
