import { SheafError } from 'sheaf'
import type { MetaFile } from './types.ts'

export type MetaEntry =
  | { type: 'file'; name: string; label?: string; tag?: string }
  | { type: 'dir'; name: string; label?: string; collapsed?: boolean; collapsible?: boolean; tag?: string; overviewHeaders?: number[] }
  | { type: 'divider'; dividerType?: 'solid' | 'dashed' }
  | { type: 'section-header'; label: string; tag?: string }

const itemTypes = ['file', 'dir', 'divider', 'section-header']

/**
 * Parses and checks a `_meta.json` (the Rspress convention): an ordered
 * array of names or `{ type, name, label, collapsed }` objects. Errors name
 * the file (and line for bad JSON) and say how to fix it.
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
  return value.map((entry, index) => toEntry(entry, index, meta))
}

function toEntry(entry: unknown, index: number, meta: MetaFile): MetaEntry {
  if (typeof entry === 'string') return { type: 'file', name: entry }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` must be a name or an object, got ${JSON.stringify(entry)}.`, { file: meta.sourcePath, line: lineOfItem(meta.content, index), hint: 'write `"intro"` or `{ "type": "file", "name": "intro" }`.' })
  }
  const item = entry as Record<string, unknown>
  const type = item.type ?? 'file'
  if (typeof type !== 'string' || !itemTypes.includes(type)) {
    throw new SheafError(`Item ${index} of \`_meta.json\` has the unknown type ${JSON.stringify(type)}.`, {
      file: meta.sourcePath,
      line: lineOfItem(meta.content, index),
      hint: `use one of ${itemTypes.map((name) => `"${name}"`).join(', ')}.`,
    })
  }
  if ((type === 'file' || type === 'dir') && typeof item.name !== 'string') {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "${type}") needs a "name".`, { file: meta.sourcePath, line: lineOfItem(meta.content, index), hint: `write \`{ "type": "${type}", "name": "..." }\`.` })
  }
  if (type === 'section-header' && typeof item.label !== 'string') {
    throw new SheafError(`Item ${index} of \`_meta.json\` (type "section-header") needs a "label".`, { file: meta.sourcePath, line: lineOfItem(meta.content, index), hint: 'write `{ "type": "section-header", "label": "Guides" }`.' })
  }
  return item as MetaEntry
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

/** Best-effort line of the n-th top-level item (for messages). */
function lineOfItem(text: string, index: number): number {
  let depth = 0
  let count = -1
  let line = 1
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\n') line++
    if (char === '[' || char === '{') {
      if (depth === 1 && char === '{') count++
      depth++
    } else if (char === ']' || char === '}') depth--
    else if (depth === 1 && char === '"' && text[i - 1] !== '\\') {
      count++
      const end = text.indexOf('"', i + 1)
      if (count === index) return line
      i = end
      continue
    }
    if (count === index) return line
  }
  return 1
}
