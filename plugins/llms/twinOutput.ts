import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { outputDirOfStaging, SheafError } from 'sheaf'
import { readCacheEntryJson, reusePreviousOutput, writeCacheEntry } from 'sheaf/cache'

/**
 * Writes the `.md` twins into the output, reusing each one whose text is the same as in the
 * previous build of that output folder instead of writing it again (a one-page rebuild of 1,000
 * pages wrote 1,000 twins): kept in place, or linked (see reusePreviousOutput). What each twin held is kept in an
 * index per output folder (digest and size); a previous twin of another size is written anew.
 */
export class TwinOutput {
  private readonly previous: Map<string, { digest: string; size: number }>
  private readonly next = new Map<string, { digest: string; size: number }>()
  private readonly previousDir: string | null
  private readonly indexFile: string | null
  private readonly madeDirs = new Map<string, Promise<unknown>>()

  /** `stagingDir`: the folder this build writes (PostBuildApi.outDir). */
  constructor(
    cacheDir: string,
    private readonly stagingDir: string,
  ) {
    this.previousDir = outputDirOfStaging(stagingDir)
    this.indexFile = this.previousDir
      ? path.join(
          cacheDir,
          `twins-output-${createHash('sha1').update(this.previousDir).digest('hex').slice(0, 12)}.json`,
        )
      : null
    // A damaged index only costs speed: every twin is written.
    const stored =
      this.indexFile && readCacheEntryJson<Record<string, { digest: string; size: number }>>(this.indexFile)
    this.previous = new Map(Object.entries(stored ?? {}))
  }

  /** Puts `body` at `file` (relative to the output folder). */
  async emit(file: string, body: string): Promise<void> {
    const bytes = Buffer.from(body)
    const digest = createHash('sha1').update(bytes).digest('base64url')
    this.next.set(file, { digest, size: bytes.length })
    const before = this.previous.get(file)
    // Kept where it is when the output is updated in place, linked into the staging folder otherwise.
    if (
      this.previousDir &&
      before?.digest === digest &&
      before.size === bytes.length &&
      (await reusePreviousOutput(this.stagingDir, file, bytes.length))
    )
      return
    // Checked where it is written (a reused twin was written, so checked, by an earlier build).
    const target = inside(this.stagingDir, file)
    await this.makeDir(path.dirname(target))
    await fs.promises.writeFile(target, bytes)
  }

  /** Keeps what each twin holds, for the next build of this output folder. */
  save(): void {
    if (!this.indexFile) return
    try {
      writeCacheEntry(this.indexFile, JSON.stringify(Object.fromEntries(this.next)))
    } catch {
      // Read-only or full disk: the next build writes every twin.
    }
  }

  private makeDir(dir: string): Promise<unknown> {
    let made = this.madeDirs.get(dir)
    if (!made) this.madeDirs.set(dir, (made = fs.promises.mkdir(dir, { recursive: true })))
    return made
  }
}

function inside(outDir: string, relative: string): string {
  const target = path.resolve(outDir, relative)
  if (!target.startsWith(`${path.resolve(outDir)}${path.sep}`)) {
    throw new SheafError(
      `Refusing to write the markdown twin \`${relative}\`: it resolves outside the output folder (${outDir}).`,
      { hint: 'output paths must stay inside the output folder: rename the page whose route makes this name.' },
    )
  }
  return target
}
