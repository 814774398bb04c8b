import { SheafError } from 'sheaf'
import type { MetaFile } from './types.ts'

export type MetaEntry =
  | { type: 'file'; name: string; label?: string; tag?: string }
  | { type: 'dir'; name: string; label?: string; collapsed?: boolean; collapsible?: boolean; tag?: string; overviewHeaders?: number[] }
  | { type: 'divider'; dividerType?: 'solid' | 'dashed' }
  | { type: 'section-header'; label: string; tag?: string }

const itemTypes = ['file', 'dir', 'divider', 'section-header'] as const
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
const nameField: FieldSpec = { expected: 'a non-empty string (a file or folder name)', example: '"intro"', test: (value) => isString(value) && (value as string).trim() !== '' }
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
    overviewHeaders: { expected: 'an array of heading levels (numbers)', example: '[2, 3]', test: (value) => Array.isArray(value) && value.every((level) => Number.isInteger(level)) },
  },
  divider: { type: stringField, dividerType: { expected: '"solid" or "dashed"', example: '"dashed"', test: (value) => value === 'solid' || value === 'dashed' } },
  'section-header': { type: stringField, label: stringField, tag: stringField },
}

/**
 * Parses and checks a `_meta.json` (the Rspress convention): an ordered
 * array of names or `{ type, name, label, collapsed }` objects. Every field
 * is type-checked; errors name the file and the line of the offending item
 * or field, and say how to fix it.
 */
export function parseMeta(meta: MetaFile): MetaEntry[] {
  let value: unknown
  try {
    value = JSON.parse(meta.content)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const location = lineAndColumn(meta.content, errorOffset(message, meta.content))
    throw new SheafError(`\`_meta.json\` is not valid JSON: ${message}`, {
      file: meta.sourcePath,
      ...location,
      hint: 'write an array such as `["intro", { "type": "dir", "name": "api", "label": "API" }]` (no trailing commas, double quotes).',
    })
  }
  if (!Array.isArray(value)) {
    throw new SheafError('`_meta.json` must hold an array of items.', { file: meta.sourcePath, line: 1, column: 1, hint: 'write `["intro", "quick-start"]`.' })
  }
  const spans = topLevelItems(meta.content)
  return value.map((entry, index) => toEntry(entry, index, meta, spans[index]))
}

function toEntry(entry: unknown, index: number, meta: MetaFile, span: Span | undefined): MetaEntry {
  const at = (field?: string) => ({ file: meta.sourcePath, ...locate(meta.content, span, field) })
  if (typeof entry === 'string') {
    if (entry.trim() === '') throw new SheafError(`Item ${index} of \`_meta.json\` is an empty name.`, { ...at(), hint: 'write the name of a page or folder, e.g. `"intro"`, or remove the item.' })
    return { type: 'file', name: entry }
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` must be a name or an object, got ${preview(entry)}.`, { ...at(), hint: 'write `"intro"` or `{ "type": "file", "name": "intro" }`.' })
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
        hint: `use only ${Object.keys(fields).map((name) => `"${name}"`).join(', ')}.`,
      })
    }
    if (!spec.test(fieldValue)) {
      throw new SheafError(`The field "${field}" of item ${index} of \`_meta.json\` must be ${spec.expected}, got ${preview(fieldValue)}.`, {
        ...at(field),
        hint: `write e.g. \`"${field}": ${spec.example}\`.`,
      })
    }
  }
  if ((type === 'file' || type === 'dir') && item.name === undefined) {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "${type}") needs a "name".`, { ...at(), hint: `write \`{ "type": "${type}", "name": "..." }\`.` })
  }
  if (type === 'section-header' && item.label === undefined) {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "section-header") needs a "label".`, { ...at(), hint: 'write `{ "type": "section-header", "label": "Guides" }`.' })
  }
  return item as MetaEntry
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** Where JSON.parse failed: its reported position, else a trailing comma, else the start. */
function errorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message)
  if (position) return Number(position[1])
  const trailingComma = /,(\s*)[\]}]/.exec(text)
  if (trailingComma) return trailingComma.index + 1 + trailingComma[1].length
  return 0
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: before[before.length - 1].length + 1 }
}

/** Where a top-level item of the array starts and ends (offsets into the text). */
interface Span {
  start: number
  end: number
}

/**
 * The spans of the top-level array's items, read with strings and escapes taken into account
 * (the text is valid JSON by now), so messages can point at the offending item's line.
 */
function topLevelItems(text: string): Span[] {
  const spans: Span[] = []
  let depth = 0
  let current: Span | null = null
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (depth === 1 && current === null && !/[\s,\]]/.test(char)) current = { start: index, end: index }
    if (char === '"') {
      index = endOfString(text, index)
    } else if (char === '[' || char === '{') {
      depth++
    } else if (char === ']' || char === '}') {
      depth--
    }
    if (current && depth === 1 && (text[index + 1] === ',' || /[\s\]]/.test(text[index + 1] ?? ']'))) {
      current.end = index + 1
      spans.push(current)
      current = null
    }
  }
  return spans
}

/** The offset of the closing quote of the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++
    else if (text[index] === '"') return index
  }
  return text.length
}

/** The line of `field` inside the item (its key), else of the item itself. */
function locate(text: string, span: Span | undefined, field?: string): { line: number } {
  if (!span) return { line: 1 }
  if (field !== undefined) {
    const key = JSON.stringify(field)
    let depth = 0
    for (let index = span.start; index < span.end; index++) {
      const char = text[index]
      if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') depth--
      else if (char === '"') {
        const end = endOfString(text, index)
        // A key of the item itself (depth 1), followed by a colon.
        if (depth === 1 && text.slice(index, end + 1) === key && /^\s*:/.test(text.slice(end + 1, end + 20))) return { line: lineAndColumn(text, index).line }
        index = end
      }
    }
  }
  return { line: lineAndColumn(text, span.start).line }
}
