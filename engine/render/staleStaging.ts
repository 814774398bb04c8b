import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * The file beside a staging folder (`.build-staging-1a2b3c4d.owner`) that names the process
 * building into it, so that the next build can tell a folder left by a killed build (remove it)
 * from one a build is still writing (keep it). Beside, not inside: nothing in the staging folder
 * may be other than the site, since its files are swapped or merged into the output.
 */
export function stagingOwnerFile(dir: string): string {
  return `${dir}.owner`
}

/** A folder a build gets while its owner file is not written yet is young: left alone for this long. */
const youngFolderMs = 60_000

/** Writes the owner file of a new staging folder: this process, on this host. */
export async function claimStaging(dir: string): Promise<void> {
  await fs.writeFile(stagingOwnerFile(dir), `${process.pid}\n${os.hostname()}\n`)
}

/** Removes the owner file of a staging folder that was swapped in or discarded. */
export async function releaseStaging(dir: string): Promise<void> {
  await fs.rm(stagingOwnerFile(dir), { force: true })
}

/**
 * Removes what killed builds into `outDir` left beside it: staging folders (`.build-staging-…`,
 * a killed 50,000-page build left 7.1 GB) and replaced outputs not yet deleted (`build.old-…`).
 * A folder whose owner process is still running on this host is kept: two builds may share a parent.
 * Returns the folders removed.
 */
export async function removeStaleStaging(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir)
  const name = path.basename(outDir)
  const stagingRE = new RegExp(`^\\.${escapeRegExp(name)}-staging-[0-9a-f]{8}$`)
  const ownerRE = new RegExp(`^\\.${escapeRegExp(name)}-staging-[0-9a-f]{8}\\.owner$`)
  const oldRE = new RegExp(`^${escapeRegExp(name)}\\.old-(\\d+)-[0-9a-z]+$`)
  let entries: string[]
  try {
    entries = await fs.readdir(parent)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const entry of entries) {
    const full = path.join(parent, entry)
    const old = oldRE.exec(entry)
    const stale = stagingRE.test(entry) ? await isStaleStaging(full) : old ? !isRunning(Number(old[1])) : false
    if (stale) {
      await fs.rm(full, { recursive: true, force: true })
      removed.push(full)
    }
    // The owner file of a removed (or vanished) staging folder goes with it.
    if (stale || (ownerRE.test(entry) && !entries.includes(entry.slice(0, -'.owner'.length))))
      await fs.rm(stale ? stagingOwnerFile(full) : full, { force: true })
  }
  return removed
}

async function isStaleStaging(dir: string): Promise<boolean> {
  let owner: string
  try {
    owner = await fs.readFile(stagingOwnerFile(dir), 'utf8')
  } catch {
    // No owner file: a build that was killed at once, or one that has just made the folder.
    try {
      const stat = await fs.lstat(dir)
      return stat.isDirectory() && Date.now() - stat.mtimeMs > youngFolderMs
    } catch {
      return false
    }
  }
  const [pid, host] = owner.split('\n')
  // Another host's build (a shared network folder) cannot be asked whether it still runs.
  if (host !== os.hostname()) return false
  return !isRunning(Number(pid))
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
