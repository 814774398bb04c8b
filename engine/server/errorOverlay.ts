import fs from 'node:fs'
import path from 'node:path'
import { formatError, isSheafError } from '../errors.ts'

/** Vite's error-overlay payload for an engine error: message, file:line and a code frame. */
export function errorPayload(error: unknown, root: string) {
  const message = formatError(error)
  if (!isSheafError(error) || !error.file) return { message, stack: '' }
  const file = path.resolve(root, error.file)
  return {
    message,
    stack: '',
    id: file,
    loc: { file, line: error.line ?? 1, column: error.column ?? 1 },
    frame: codeFrame(file, error.line),
    plugin: error.plugin ?? 'sheaf',
  }
}

/** Files over this size get no frame: the error may be that the file is too big to read. */
const maxFrameFileBytes = 5_000_000
/** Characters shown of each line (a minified or hostile one-line file would fill the overlay). */
const maxFrameLineLength = 240

/** A few lines around `line`, with a marker, like Babel's code frames. */
export function codeFrame(file: string, line: number | undefined): string {
  const stat = line ? fs.statSync(file, { throwIfNoEntry: false }) : undefined
  if (!line || !stat?.isFile() || stat.size > maxFrameFileBytes) return ''
  const clip = (text: string) => (text.length > maxFrameLineLength ? `${text.slice(0, maxFrameLineLength)}…` : text)
  const lines = fs.readFileSync(file, 'utf8').split('\n')
  const start = Math.max(1, line - 2)
  const end = Math.min(lines.length, line + 2)
  const width = String(end).length
  const out: string[] = []
  for (let number = start; number <= end; number++) {
    out.push(`${number === line ? '>' : ' '} ${String(number).padStart(width)} | ${clip(lines[number - 1] ?? '')}`)
  }
  return out.join('\n')
}
