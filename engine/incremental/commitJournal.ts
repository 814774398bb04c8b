import fs from 'node:fs'
import path from 'node:path'

/**
 * The steps of an output commit (see OutputOverlay.merge), each one a rename or a folder made or
 * removed, recorded with its inverse: `rollback` undoes them all, newest first, so a commit that
 * fails part-way leaves the previous output as it was. Nothing is deleted: a file replaced or
 * removed is moved into `trash` (inside the staging folder, so on the output's file system).
 */
export class CommitJournal {
  private readonly undo: (() => void)[] = []
  private trashed = 0
  /** Folders known to exist in the output. */
  private readonly made: Set<string>

  constructor(
    private readonly trash: string,
    outDir: string,
  ) {
    this.made = new Set([outDir])
    fs.mkdirSync(trash)
  }

  /** Moves `from` to `to`, whose place is free. */
  move(from: string, to: string): void {
    fs.renameSync(from, to)
    this.undo.push(() => fs.renameSync(to, from))
  }

  /** Moves what is at `file` (a file, or a folder in the way) into the trash. */
  toTrash(file: string): void {
    this.move(file, path.join(this.trash, String(this.trashed++)))
  }

  /** Makes `dir` and the folders above it, moving a file that stands in the way into the trash. */
  ensureDir(dir: string): void {
    if (this.made.has(dir)) return
    this.ensureDir(path.dirname(dir))
    const stat = lstatOrNull(dir)
    if (!stat?.isDirectory()) {
      if (stat) this.toTrash(dir)
      fs.mkdirSync(dir)
      this.undo.push(() => fs.rmdirSync(dir))
    }
    this.made.add(dir)
  }

  /** Removes `dir` when it is empty; one that is not, or is gone already, stays as it is. */
  removeEmptyDir(dir: string): void {
    try {
      fs.rmdirSync(dir)
      this.undo.push(() => fs.mkdirSync(dir))
    } catch {
      // Not empty, or gone already.
    }
  }

  /** Undoes every step, newest first. */
  rollback(): void {
    for (const step of this.undo.reverse()) {
      try {
        step()
      } catch {
        // Best effort: the rest still goes back.
      }
    }
  }
}

/** What is at `file`, or null when nothing is (or a file stands where a folder of its path would). */
export function lstatOrNull(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw error
  }
}
