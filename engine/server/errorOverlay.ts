import fs from 'node:fs'
import path from 'node:path'
import { formatError, isSheafError } from '../errors.ts'

/**
 * Vite's error-overlay payload for an engine error: message, file:line and a code frame. An error
 * that lists several located problems (dead links, several files' errors) has no file of its own:
 * the overlay points at the first one its message names.
 */
export function errorPayload(error: unknown, root: string) {
  const message = formatError(error)
  if (!isSheafError(error)) return { message, stack: '' }
  const where = error.file
    ? { file: path.resolve(root, error.file), line: error.line, column: error.column }
    : firstLocation(error.message, root)
  if (!where) return { message, stack: '' }
  return {
    message,
    stack: '',
    id: where.file,
    loc: { file: where.file, line: where.line ?? 1, column: where.column ?? 1 },
    frame: codeFrame(where.file, where.line),
    plugin: error.plugin ?? 'sheaf',
  }
}

/**
 * A line that starts with `file:line` or `file:line:column` (relative to the site's root), as the engine lists
 * problems.
 */
const locatedLine = /^\s*([^\s:]+):(\d+)(?::(\d+))?(?=\s|$)/gm

/** The first `file:line[:column]` at the start of a line of `message` that names a file under `root`. */
export function firstLocation(
  message: string,
  root: string,
): { file: string; line: number; column?: number } | undefined {
  for (const match of message.matchAll(locatedLine)) {
    const file = path.resolve(root, match[1] as string)
    if (!file.startsWith(path.resolve(root) + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile())
      continue
    return { file, line: Number(match[2]), column: match[3] === undefined ? undefined : Number(match[3]) }
  }
  return undefined
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
