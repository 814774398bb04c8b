import fs from 'node:fs'
import path from 'node:path'
import { outputDirOfStaging } from 'sheaf'
import type { ShardFiles } from './indexShards.ts'

/**
 * Puts a sharded index's files in the output folder being written. Their names are their content's
 * hash (indexShards.ts), so a file of the same name and size in the output this build replaces
 * holds these bytes: it is hard-linked, not written again. A one-page rebuild then writes only the
 * files whose content changed (and the meta file); every other keeps its file.
 *
 * Returns how many files were written (the rest were linked).
 */
export async function emitShardFiles(outDir: string, dir: string, files: ShardFiles, emitFile: (relativePath: string, content: string) => Promise<void>): Promise<number> {
  const previous = outputDirOfStaging(outDir)
  const made = new Set<string>()
  let written = 0
  for (const [name, content] of files) {
    const relative = `${dir}/${name}`
    if (previous && (await linkPrevious(path.join(previous, relative), path.join(outDir, relative), Buffer.byteLength(content), made))) continue
    await emitFile(relative, content)
    written += 1
  }
  return written
}

async function linkPrevious(from: string, to: string, size: number, made: Set<string>): Promise<boolean> {
  try {
    if ((await fs.promises.stat(from)).size !== size) return false
    const folder = path.dirname(to)
    if (!made.has(folder)) {
      await fs.promises.mkdir(folder, { recursive: true })
      made.add(folder)
    }
    await fs.promises.link(from, to)
    return true
  } catch {
    // Not there (a first build, a new file) or not linkable (another file system): written instead.
    return false
  }
}
