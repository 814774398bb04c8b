import fs from 'node:fs'

/**
 * How long a bundled module may go untouched before a later build removes it. Not at once: a dev
 * server or a worker thread that read the previous record may still import its file, and every
 * use touches the file.
 */
const unusedForMs = 3_600_000

/** Whether `file` has gone untouched for an hour (see unusedForMs); a file that cannot be read is not. */
export function unusedForAnHour(file: string, now = Date.now()): boolean {
  try {
    return fs.statSync(file).mtimeMs < now - unusedForMs
  } catch {
    return false
  }
}
