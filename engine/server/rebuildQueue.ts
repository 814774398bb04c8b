import { createHash } from 'node:crypto'
import fs from 'node:fs'

/**
 * One rebuild at a time, and never a lost save: a change that arrives while a rebuild runs marks
 * the queue dirty, and one more rebuild runs after it with every file changed meanwhile (three
 * saves within 50 ms make at most two rebuilds, the last of which read the last save). A file is
 * checked again after its rebuild, for the save whose events a watcher dropped.
 */
export interface RebuildQueue {
  /**
   * A file changed (or may have): rebuild now, or once the running rebuild is done. `force`: whether or not it reads as
   * changed (a name that is no file).
   */
  schedule(file: string, force?: boolean): void
  /** Resolves when no rebuild runs or waits. */
  idle(): Promise<void>
}

/**
 * How long a rebuild waits for a file that reads empty, which is most often a save between its truncate and its write.
 */
const midWriteWaitMs = 25

/**
 * `isChanged` tells a real change from a repeated event (see FileSnapshots); without it every
 * event counts, and nothing is checked again. `isMidWrite` says a file looks half-saved (empty):
 * the rebuild waits a moment for the rest rather than show every page a site without it.
 */
export function createRebuildQueue(
  rebuild: (files: string[]) => Promise<void>,
  isChanged?: (file: string) => boolean,
  isMidWrite?: (file: string) => boolean,
): RebuildQueue {
  let pending = new Set<string>()
  const forced = new Set<string>()
  let running: Promise<void> | null = null
  const drain = async () => {
    while (pending.size > 0) {
      if (isMidWrite && [...pending].some((file) => !forced.has(file) && isMidWrite(file))) {
        await new Promise((resolve) => setTimeout(resolve, midWriteWaitMs))
        // The rest of the save is an event of its own: taken now, it is not a second rebuild.
        if (isChanged) for (const file of pending) if (!forced.has(file)) isChanged(file)
      }
      const files = [...pending]
      pending = new Set()
      // A failed rebuild reports itself (rebuild catches); the loop must go on to the next save.
      await rebuild(files).catch(() => undefined)
      // A watcher may report a save once, at its first write (an editor's or writeFileSync's
      // truncate), and drop the events of the rest as a burst (chokidar does): a file that reads
      // differently now than when its change was taken is rebuilt again, event or not.
      for (const file of files) {
        if (forced.delete(file)) continue
        if (isChanged?.(file)) pending.add(file)
      }
    }
    running = null
  }
  return {
    schedule(file, force = false) {
      if (force) forced.add(file)
      else if (isChanged && !isChanged(file)) return
      pending.add(file)
      running ??= drain()
    },
    idle: () => running ?? Promise.resolve(),
  }
}

/** Whether `file` is there and empty: mid-save, most likely (see createRebuildQueue). */
export function isEmptyFile(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.size === 0
  } catch {
    return false
  }
}

/** Files larger than this are compared by size and mtime, not by content (an image in a public folder). */
const maxHashedBytes = 4_000_000

/**
 * What each watched file held when its last change was taken: two watchers (Vite's and the
 * content folders' own) report most saves twice, and an editor's save can be several events; an
 * event for a file that reads as it did at the last taken change is a duplicate, not a save. The
 * first event for a file always counts (nothing is known of it before).
 */
export class FileSnapshots {
  private readonly seen = new Map<string, string>()

  /** Whether `file` differs from its last snapshot; takes the new one. */
  changed(file: string): boolean {
    const now = snapshot(file)
    if (this.seen.get(file) === now) return false
    this.seen.set(file, now)
    return true
  }
}

function snapshot(file: string): string {
  try {
    const stat = fs.statSync(file)
    if (!stat.isFile()) return `other:${stat.mtimeMs}`
    if (stat.size > maxHashedBytes) return `large:${stat.size}:${stat.mtimeMs}`
    return `file:${createHash('sha1').update(fs.readFileSync(file)).digest('base64url')}`
  } catch {
    // Gone, or unreadable for now (mid-rename): different from any content it had.
    return 'missing'
  }
}
