import { randomBytes } from 'node:crypto'
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { claimStaging, releaseStaging, removeStaleStaging, stagingOwnerFile } from './staleStaging.ts'

/**
 * The file every build writes into its output folder: a folder that holds it (or, from builds
 * made before it existed, `_sheaf/data`) is a previous Sheaf build, which a build may replace.
 * Any other non-empty folder is someone's data, and a build refuses to delete it.
 */
export const buildMarker = '.sheaf-build'

/** Staging folders of this process not yet committed or discarded (removed when a build cannot finish). */
const activeStaging = new Set<string>()

/**
 * A build writes into a temporary sibling folder; `commit` swaps it in only
 * when everything succeeded, `discard` removes it. A failed build never
 * leaves a half site where the last good one was.
 */
export async function createStagingDir(
  outDir: string,
): Promise<{ dir: string; commit(): Promise<void>; discard(): Promise<void> }> {
  const parent = path.dirname(outDir)
  await fs.mkdir(parent, { recursive: true })
  // What a killed build left (its staging folder, a replaced output not yet removed) goes first.
  await removeStaleStaging(outDir)
  // Not mkdtemp: it makes the folder 0700, and the folder becomes the site, which a web server
  // running as another user must be able to read. mkdir's default mode (0777) goes through the umask.
  const dir = await makeUniqueDir(path.join(parent, `.${path.basename(outDir)}${stagingInfix}`))
  activeStaging.add(dir)
  await claimStaging(dir)
  await fs.writeFile(path.join(dir, buildMarker), 'This folder is a Sheaf build: the next build replaces it.\n')
  return {
    dir,
    async commit() {
      // Checked again at the swap: the folder may have been filled since the build started.
      await assertReplaceable(outDir)
      const old = `${outDir}.old-${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      const hadOutput = await exists(outDir)
      if (hadOutput) await fs.rename(outDir, old)
      await fs.rename(dir, outDir)
      activeStaging.delete(dir)
      await releaseStaging(dir)
      // The new site is in place: the old one is removed in the background (a thousand
      // folders, 0.1-0.2 s), and the process does not exit before it is gone.
      if (hadOutput) {
        const removal = fs.rm(old, { recursive: true, force: true }).catch(() => undefined)
        removals.add(removal)
        void removal.finally(() => removals.delete(removal))
      }
    },
    async discard() {
      await fs.rm(dir, { recursive: true, force: true })
      activeStaging.delete(dir)
      await releaseStaging(dir)
    },
  }
}

const stagingInfix = '-staging-'

/**
 * The output folder a staging folder of createStagingDir is swapped into (null: not one). A plugin's
 * onPostBuild writes into the staging folder; with this it finds the previous build's files, to
 * link what did not change instead of writing it again (as the page cache does).
 */
export function outputDirOfStaging(staging: string): string | null {
  const name = path.basename(staging)
  const match = /^\.(.+)-staging-[0-9a-f]{8}$/.exec(name)
  return match ? path.join(path.dirname(staging), match[1]) : null
}

async function makeUniqueDir(prefix: string): Promise<string> {
  for (;;) {
    const dir = `${prefix}${randomBytes(4).toString('hex')}`
    try {
      await fs.mkdir(dir)
      return dir
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

/**
 * Removes every staging folder of this process at once (synchronously: it runs when the process
 * is about to exit because a build can never finish, see cli.ts).
 */
export function discardAllStagingSync(): string[] {
  const removed = [...activeStaging]
  for (const dir of removed) {
    fsSync.rmSync(dir, { recursive: true, force: true })
    fsSync.rmSync(stagingOwnerFile(dir), { force: true })
  }
  activeStaging.clear()
  return removed
}

const removals = new Set<Promise<unknown>>()

/** Resolves once every replaced output folder is removed (a command awaits it before it exits). */
export async function outputCleanup(): Promise<void> {
  while (removals.size) await Promise.all(removals)
}

/**
 * The absolute path of `relative` inside `outDir`; throws when it would land anywhere else
 * (`..` segments, an absolute path, a NUL byte). Every writer of the output goes through here:
 * page HTML and data, plugins' `emitFile`, the render worker, the bundle cache.
 */
export function resolveInside(outDir: string, relative: string): string {
  if (typeof relative !== 'string' || relative.includes('\0')) {
    throw new SheafError(`Refusing to write the output file ${JSON.stringify(relative)}: not a file name.`, {
      hint: 'pass a path relative to the output folder, e.g. `sitemap.xml`.',
    })
  }
  // A leading slash means the site's root (as in a URL), not the file system's.
  const trimmed = relative.replace(/^[/\\]+/, '')
  const file = path.resolve(outDir, trimmed)
  const inside = path.relative(outDir, file)
  if (!trimmed || !inside || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
    throw new SheafError(`Refusing to write \`${relative}\`: it resolves outside the output folder (${outDir}).`, {
      hint:
        'output paths must stay inside the output folder: no `..` segments. ' +
        'If a file name in the content makes this route, rename it.',
    })
  }
  return file
}

/** Writes a file inside the output folder, creating its folders (see resolveInside). */
export async function writeOutputFile(outDir: string, relative: string, content: string | Uint8Array): Promise<void> {
  const file = resolveInside(outDir, relative)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, content)
}

/** The folders a build reads from: its output may be none of them, hold none, and lie in none. */
export interface SourceFolders {
  root: string
  /** Other source folders and what to call them in the message: content, public, theme, config. */
  sources: { label: string; dir: string }[]
}

/**
 * Refuses an output folder that a build's swap would destroy sources with: the project root
 * itself (or a folder holding it), or a folder that is, holds or lies inside a source folder.
 * Then refuses a non-empty folder that is not a previous Sheaf build.
 */
export async function assertSafeOutputDir(outDir: string, folders: SourceFolders): Promise<void> {
  // Real paths: an output folder reached through a link (`--out docs-link/out`) is where the link leads.
  const out = realPathOf(outDir)
  const fix =
    'pass another folder, e.g. `--out build` (or set `outDir` in the config) to a folder of its own inside the project.'
  const root = realPathOf(folders.root)
  if (out === root || isInside(root, out)) {
    throw new SheafError(
      `The output folder ${out} ${out === root ? 'is' : 'contains'} the project root: ` +
        `a build replaces its output folder, so it would delete the project.`,
      { hint: fix },
    )
  }
  for (const { label, dir } of folders.sources) {
    const source = realPathOf(dir)
    // A source folder that holds the root (a config file at the root) holds every output folder inside it.
    const holdsRoot = source === root || isInside(root, source)
    if (out === source || isInside(source, out) || (!holdsRoot && isInside(out, source))) {
      const relation = out === source ? 'is' : isInside(source, out) ? 'contains' : 'lies inside'
      throw new SheafError(
        `The output folder ${out} ${relation} the ${label} folder (${source}): ` +
          `a build replaces its output folder, so it would delete sources.`,
        { hint: fix },
      )
    }
  }
  await assertReplaceable(out)
}

/** A folder a build may replace: missing, empty, or a previous Sheaf build. */
async function assertReplaceable(outDir: string): Promise<void> {
  let entries: string[]
  try {
    const stat = await fs.lstat(outDir)
    if (!stat.isDirectory()) {
      throw new SheafError(`The output folder ${outDir} exists and is not a folder.`, {
        hint: 'remove it, or pass another folder with `--out`.',
      })
    }
    entries = await fs.readdir(outDir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return
    if (code === 'ENOTDIR') {
      throw new SheafError(`The output folder ${outDir} cannot be made: ${fileAbove(outDir)} is a file.`, {
        hint: 'pass another folder with `--out` (or `outDir` in the config).',
        cause: error,
      })
    }
    throw error
  }
  if (entries.length === 0 || entries.includes(buildMarker) || (await exists(path.join(outDir, '_sheaf', 'data'))))
    return
  throw new SheafError(
    `The output folder ${outDir} is not empty and is not a previous Sheaf build (it has no ${buildMarker} ` +
      `file): building would delete what it holds.`,
    {
      hint:
        'pass an empty or new folder with `--out` (or `outDir` in the config), ' +
        'or empty this one yourself if its files can go.',
    },
  )
}

/** The nearest existing path above `dir` that is not a folder (what ENOTDIR is about). */
function fileAbove(dir: string): string {
  for (let at = path.dirname(dir); path.dirname(at) !== at; at = path.dirname(at)) {
    if (fsSync.existsSync(at)) return fsSync.statSync(at).isDirectory() ? dir : at
  }
  return dir
}

/** The real path of `file`: its deepest existing folder resolved through links, then the rest as written. */
function realPathOf(file: string): string {
  const absolute = path.resolve(file)
  let existing = absolute
  const rest: string[] = []
  for (;;) {
    try {
      return path.join(fsSync.realpathSync(existing), ...rest.reverse())
    } catch {
      const parent = path.dirname(existing)
      if (parent === existing) return absolute
      rest.push(path.basename(existing))
      existing = parent
    }
  }
}

/** Is `child` strictly inside `parent`? */
function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child)
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}
