import fs from 'node:fs'
import path from 'node:path'

/** One entry found under a walked folder. */
export interface DirectoryEntry {
  /** Its path from the walked folder, with `/` separators (`guide/intro.md`). */
  relative: string
  /** Its path on disk: the walked folder joined with `relative` (through any link that was followed). */
  path: string
  /** What it is, as listed (a symbolic link is reported as a link, not as what it points to). */
  dirent: fs.Dirent
}

export interface WalkOptions {
  /** Leaves an entry out; a folder left out is not entered. */
  skip?: (entry: DirectoryEntry) => boolean
  /**
   * Whether to enter a symbolic link (when it points to a folder). Default: never; a link is listed, not followed.
   * Called for every link, so it is also where a caller refuses one (by throwing). A folder is
   * entered once, by its real path, so a link loop ends.
   */
  followLink?: (entry: DirectoryEntry) => boolean
  /** The order of each folder's entries, by name (default: as the file system lists them). */
  compare?: (a: string, b: string) => number
  /** Leaves out a folder that cannot be read (default: throw). A missing walked folder always gives no entries. */
  ignoreUnreadable?: boolean
}

/**
 * The engine's one recursive directory listing: every entry under `root`, depth first, a folder
 * before what it holds. Not `fs.readdirSync(root, { recursive: true })`: that cannot leave a
 * folder out without reading all of it (`node_modules`, `.git`), and it never follows a link,
 * where the public-files check must enter the ones it accepts.
 */
export function walkDirectory(root: string, options: WalkOptions = {}): DirectoryEntry[] {
  const out: DirectoryEntry[] = []
  const entered = new Set<string>()
  const enter = (dir: string, relative: string, isRoot: boolean) => {
    const real = realpathOrNull(dir)
    if (real === null || entered.has(real)) return
    entered.add(real)
    let dirents: fs.Dirent[]
    try {
      dirents = fs.readdirSync(dir, { withFileTypes: true })
    } catch (error) {
      if (options.ignoreUnreadable || (isRoot && (error as NodeJS.ErrnoException).code === 'ENOENT')) return
      throw error
    }
    if (options.compare) dirents.sort((a, b) => options.compare!(a.name, b.name))
    for (const dirent of dirents) {
      const entry: DirectoryEntry = {
        relative: relative ? `${relative}/${dirent.name}` : dirent.name,
        path: path.join(dir, dirent.name),
        dirent,
      }
      if (options.skip?.(entry)) continue
      out.push(entry)
      if (dirent.isDirectory() || (dirent.isSymbolicLink() && options.followLink?.(entry) && isDirectory(entry.path)))
        enter(entry.path, entry.relative, false)
    }
  }
  enter(root, '', true)
  return out
}

/** The relative paths of the files under `root` (anything but a folder; links are not followed). */
export function listFiles(root: string): string[] {
  return walkDirectory(root)
    .filter((entry) => !entry.dirent.isDirectory())
    .map((entry) => entry.relative)
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory()
  } catch {
    return false
  }
}

function realpathOrNull(file: string): string | null {
  try {
    // The system's realpath: one call, where Node's own looks up every component of the path
    // (5,000-page corpus, 551 folders: 15-27 ms against 8-9 ms).
    return fs.realpathSync.native(file)
  } catch {
    return null
  }
}
