import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * A build writes into a temporary sibling folder; `commit` swaps it in only
 * when everything succeeded, `discard` removes it. A failed build never
 * leaves a half site where the last good one was.
 */
export async function createStagingDir(outDir: string): Promise<{ dir: string; commit(): Promise<void>; discard(): Promise<void> }> {
  const parent = path.dirname(outDir)
  await fs.mkdir(parent, { recursive: true })
  const dir = await fs.mkdtemp(path.join(parent, `.${path.basename(outDir)}-staging-`))
  return {
    dir,
    async commit() {
      const old = `${outDir}.old-${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      const hadOutput = await exists(outDir)
      if (hadOutput) await fs.rename(outDir, old)
      await fs.rename(dir, outDir)
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
    },
  }
}

const removals = new Set<Promise<unknown>>()

/** Resolves once every replaced output folder is removed (a command awaits it before it exits). */
export async function outputCleanup(): Promise<void> {
  while (removals.size) await Promise.all(removals)
}

/** Writes a file, creating its folders. */
export async function writeFileDeep(file: string, content: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, content)
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file)
    return true
  } catch {
    return false
  }
}
