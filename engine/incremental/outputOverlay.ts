import fs from 'node:fs'
import path from 'node:path'
import { buildMarker, outputDirOfStaging, resolveInside } from '../render/outputDir.ts'
import { CommitJournal, lstatOrNull } from './commitJournal.ts'

/**
 * A rebuild's output as an overlay on the previous one. A build still writes into a staging folder
 * beside its output, but a file that did not change is not linked into the staging folder any
 * more: it is *kept* (`keep`), and stays where it is. The commit then moves the staging folder's
 * files over the previous output's and removes the files the new site no longer has.
 *
 * Why: a one-page rebuild of the N = 1,000 corpus linked about 6,800 unchanged files (pages,
 * twins, cards, search shards) and made a thousand folders in the staging folder, then swapped the
 * folders and deleted the old one: 0.3-0.4 s of a 2-3 s rebuild, for sixty changed files.
 *
 * What stays true:
 * - nothing touches the previous output before the commit: a build that fails earlier leaves it
 *   exactly as it was (discard removes the staging folder);
 * - the commit only renames: each file it replaces or removes is first moved into the staging
 *   folder's trash, and a failure part-way moves everything back (the journal), so the previous
 *   site is never lost; only a killed process can leave a mix of the two builds' files;
 * - a build that kept nothing (the first, or one after an engine change) swaps the folders as before;
 * - the output must be a previous Sheaf build (it has the `.sheaf-build` marker) to be updated in place.
 */
export class OutputOverlay {
  /**
   * Every entry of the previous output at the start of the build, by path relative to it
   * ('/'-separated). Listed off the main thread: read synchronously, the 7,000 entries of the
   * N = 1,000 corpus's output held the transform for 40-170 ms (cold folder caches).
   */
  private readonly previous: Promise<Map<string, 'file' | 'dir'>>
  private readonly kept = new Set<string>()

  constructor(
    readonly outDir: string,
    readonly stagingDir: string,
    previous: Promise<Map<string, 'file' | 'dir'>>,
  ) {
    this.previous = previous
  }

  /** How many files were kept in place (none: the commit swaps the folders). */
  get keptCount(): number {
    return this.kept.size
  }

  /**
   * Keeps the previous output's `relative` file as this build's, when it is there (with `size`
   * bytes, when given); false when it is not, and the caller writes the file.
   */
  async keep(relative: string, size?: number): Promise<boolean> {
    const key = this.keyOf(relative)
    if ((await this.previous).get(key) !== 'file') return false
    if (size !== undefined) {
      try {
        if (fs.statSync(path.join(this.outDir, key)).size !== size) return false
      } catch {
        return false
      }
    }
    this.kept.add(key)
    return true
  }

  /** Where `relative` is now: in the staging folder when this build wrote it, in the output when it was kept. */
  locate(relative: string): string {
    const key = this.keyOf(relative)
    const staged = path.join(this.stagingDir, key)
    return this.kept.has(key) && !fs.existsSync(staged) ? path.join(this.outDir, key) : staged
  }

  /**
   * Moves the staging folder's files into the output and removes what the new site does not
   * have, undoing every step if one fails (see the class comment). Synchronous once the listing
   * is in: a rebuild moves a few dozen files, and nothing else may touch the output meanwhile.
   */
  async merge(): Promise<void> {
    const previous = await this.previous
    if (!fs.existsSync(path.join(this.outDir, buildMarker)))
      throw new Error(
        `The output folder ${this.outDir} changed during the build: ` +
          `it no longer holds the ${buildMarker} marker, so it is left as it is.`,
      )
    // Listed before the trash folder is made in it.
    const staged = listEntries(this.stagingDir)
    let journal: CommitJournal | undefined
    try {
      journal = new CommitJournal(path.join(this.stagingDir, `.sheaf-replaced-${process.pid}`), this.outDir)
      const written = this.moveWritten(staged, journal)
      // Removed files last: until here the previous site only gained files.
      this.removeGone(previous, written, journal)
    } catch (error) {
      journal?.rollback()
      throw error
    }
  }

  /** Moves each file this build wrote over the previous output's; returns their keys. */
  private moveWritten(staged: Map<string, 'file' | 'dir'>, journal: CommitJournal): Set<string> {
    const written = new Set<string>()
    for (const [key, kind] of staged) {
      if (kind !== 'file') continue
      written.add(key)
      const target = path.join(this.outDir, key)
      journal.ensureDir(path.dirname(target))
      if (lstatOrNull(target)) journal.toTrash(target)
      journal.move(path.join(this.stagingDir, key), target)
    }
    return written
  }

  /** Removes the previous output's files this build neither wrote nor kept, and the folders that leaves empty. */
  private removeGone(previous: Map<string, 'file' | 'dir'>, written: Set<string>, journal: CommitJournal): void {
    const live = new Set<string>()
    for (const key of [...written, ...this.kept]) {
      for (let dir = path.posix.dirname(key); dir !== '.' && !live.has(dir); dir = path.posix.dirname(dir))
        live.add(dir)
    }
    const emptied: string[] = []
    for (const [key, kind] of previous) {
      if (kind === 'dir') {
        if (!live.has(key)) emptied.push(key)
        continue
      }
      if (this.kept.has(key) || written.has(key)) continue
      const file = path.join(this.outDir, key)
      // Gone with a folder a file replaced, or by hand: nothing to remove.
      if (lstatOrNull(file)?.isFile()) journal.toTrash(file)
    }
    // Deepest first; a folder still holding something the previous listing did not know stays.
    for (const key of emptied.sort((a, b) => b.length - a.length)) journal.removeEmptyDir(path.join(this.outDir, key))
  }

  private keyOf(relative: string): string {
    // Most names are plain already (`docs/api.html`): taken as they are, without path arithmetic
    // (a rebuild asks for 7,000 at N = 1,000); anything else goes through resolveInside's checks.
    if (isPlainRelative(relative)) return relative
    return path.relative(this.outDir, resolveInside(this.outDir, relative)).split(path.sep).join('/')
  }
}

/** A relative path of plain segments: none empty, `.` or `..`, no backslash or NUL (so no leading slash either). */
function isPlainRelative(relative: string): boolean {
  if (relative.includes('\\') || relative.includes('\0')) return false
  for (const segment of relative.split('/')) if (segment === '' || segment === '.' || segment === '..') return false
  return true
}

/** The overlays of the staging folders being written, by staging folder (what a plugin's `outDir` is). */
const overlays = new Map<string, OutputOverlay>()

/**
 * An overlay for a build into `outDir` through `stagingDir`, when `outDir` is a previous Sheaf
 * build (null otherwise: the build fills the staging folder and swaps it in, as a first build does).
 */
export function openOverlay(outDir: string, stagingDir: string): OutputOverlay | null {
  if (!lstatOrNull(path.join(outDir, buildMarker))?.isFile()) return null
  const previous = listEntriesInBackground(outDir)
  // Awaited by the first keep or the commit; a failed build may await neither.
  previous.catch(() => undefined)
  const overlay = new OutputOverlay(outDir, stagingDir, previous)
  overlays.set(path.resolve(stagingDir), overlay)
  return overlay
}

export function closeOverlay(overlay: OutputOverlay): void {
  overlays.delete(path.resolve(overlay.stagingDir))
}

export function overlayOf(stagingDir: string): OutputOverlay | undefined {
  // Asked once per kept file (7,000 at N = 1,000), nearly always with the very path it was opened with.
  return overlays.get(stagingDir) ?? overlays.get(path.resolve(stagingDir))
}

/**
 * Reuses the previous output's `relative` file for the build writing `stagingDir` (a plugin's
 * `outDir`): kept in place when the output is updated as an overlay, hard-linked (or copied,
 * across file systems) into the staging folder otherwise. With `size`, only a file of that many
 * bytes is reused. False when there is no such previous file: the caller writes it.
 */
export async function reusePreviousOutput(stagingDir: string, relative: string, size?: number): Promise<boolean> {
  const overlay = overlayOf(stagingDir)
  if (overlay) return overlay.keep(relative, size)
  const previousDir = outputDirOfStaging(stagingDir)
  if (!previousDir) return false
  const from = resolveInside(previousDir, relative)
  const to = resolveInside(stagingDir, relative)
  try {
    await fs.promises.mkdir(path.dirname(to), { recursive: true })
    await fs.promises.link(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EEXIST') return false
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error
    await fs.promises.copyFile(from, to)
  }
  if (size === undefined || (await fs.promises.stat(to)).size === size) return true
  await fs.promises.rm(to, { force: true })
  return false
}

/** Where this build's `relative` file is now (see OutputOverlay.locate): to read back a file it wrote or kept. */
export function builtOutputFile(stagingDir: string, relative: string): string {
  return overlayOf(stagingDir)?.locate(relative) ?? resolveInside(stagingDir, relative)
}

/** Every file and folder under `dir`, '/'-separated, relative to it (empty when it does not exist). */
function listEntries(dir: string): Map<string, 'file' | 'dir'> {
  let found: fs.Dirent[]
  try {
    found = fs.readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return new Map()
  }
  return entriesOf(dir, found)
}

/** listEntries, its folders read on libuv's threads. */
async function listEntriesInBackground(dir: string): Promise<Map<string, 'file' | 'dir'>> {
  try {
    return entriesOf(dir, await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
  } catch {
    return new Map()
  }
}

function entriesOf(dir: string, found: fs.Dirent[]): Map<string, 'file' | 'dir'> {
  const entries = new Map<string, 'file' | 'dir'>()
  // Slicing, not path.relative: a thousand-page site's output has 7,000 entries.
  const prefix = dir.endsWith(path.sep) ? dir.length : dir.length + 1
  for (const entry of found) {
    const parent = entry.parentPath.slice(prefix)
    const relative = (parent ? `${parent}${path.sep}${entry.name}` : entry.name).split(path.sep).join('/')
    entries.set(relative, entry.isDirectory() ? 'dir' : 'file')
  }
  return entries
}
