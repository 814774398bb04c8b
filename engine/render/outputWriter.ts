import fs from 'node:fs/promises'
import path from 'node:path'
import { resolveInside } from './outputDir.ts'

/**
 * Writes output files without waiting for each one: rendering the next page
 * overlaps the disk work of the last, with a bounded number of writes in
 * flight (so memory holds only a few pages) and each folder created once.
 */
export class OutputWriter {
  private readonly inFlight = new Set<Promise<void>>()
  private readonly folders = new Map<string, Promise<unknown>>()
  private failure: unknown = null

  /** `outDir`: the output folder; every file written lies inside it (see resolveInside). */
  constructor(
    private readonly outDir: string,
    private readonly limit = 32,
  ) {}

  /**
   * Queues a write of `relative` (to the output folder); waits only when `limit` writes are already
   * in flight. `once`: keep the file when it exists (a content-addressed file).
   */
  async write(relative: string, content: string | Uint8Array, options: { once?: boolean } = {}): Promise<void> {
    if (this.failure) throw this.failure
    const file = resolveInside(this.outDir, relative)
    while (this.inFlight.size >= this.limit) await Promise.race(this.inFlight)
    const folder = path.dirname(file)
    let made = this.folders.get(folder)
    if (!made) this.folders.set(folder, (made = fs.mkdir(folder, { recursive: true })))
    const task: Promise<void> = made
      // `once`: a content-addressed file that may already be there (linked with a reused page) is
      // left as it is, never written through the link into the previous build's copy.
      .then(() => fs.writeFile(file, content, options.once ? { flag: 'wx' } : undefined))
      .catch((error: unknown) => {
        if (options.once && (error as NodeJS.ErrnoException).code === 'EEXIST') return
        this.failure ??= error
      })
      .finally(() => this.inFlight.delete(task))
    this.inFlight.add(task)
  }

  /** Waits for every queued write; throws the first failure. */
  async flush(): Promise<void> {
    await Promise.all(this.inFlight)
    if (this.failure) throw this.failure
  }
}
