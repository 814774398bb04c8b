import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { outputDirOfStaging, SheafError } from 'sheaf'
import { builtOutputFile, readCacheEntryJson, reusePreviousOutput, writeCacheEntry, type KeyedStore } from 'sheaf/cache'
import { cardCache } from './cardCache.ts'

/**
 * Where a build's cards come from, cheapest first:
 * 1. the previous build of the same output folder had this card under this name: hard-linked
 *    from there (no read, no write; a one-page rebuild of 1,000 pages read, verified and wrote
 *    76-112 MB of cards before). Output files are never written in place (a build writes a
 *    staging folder and swaps it in), so sharing them between builds is safe;
 * 2. the cache (see cardCache.ts): read, checked and written, never linked, so damage to the
 *    cache never reaches a built site;
 * 3. neither: drawn, written to the output and to the cache.
 * The cache's index (a checked entry) holds each card's size: a linked card of another size is a
 * miss, drawn again, and a cached card not of its size is rewritten from a sound output.
 */
export class CardStore {
  /** key -> size in bytes, as the last build left the cache. */
  private readonly known: Map<string, number>
  /** file (relative to the output) -> key, as the previous build of this output folder left it. */
  private readonly previousOutput: Map<string, string>
  /** The same, for this build. */
  private readonly nextOutput = new Map<string, string>()
  /** The cards this build placed: key -> size and an output file holding it. */
  private readonly used = new Map<string, { size: number; file: string }>()
  private readonly outputIndex: string | null
  /** Output folders made this build: a thousand cards share a few dozen. */
  private readonly madeDirs = new Map<string, Promise<unknown>>()
  /** The output folder this build replaces: its cards can be linked. */
  private readonly previousDir: string | null
  private readonly cards: KeyedStore

  /** `stagingDir`: the folder this build writes (PostBuildApi.outDir). */
  constructor(
    private readonly dir: string,
    private readonly stagingDir: string,
  ) {
    this.cards = cardCache(dir)
    // A damaged index only costs speed: every card is placed from the cache or drawn again.
    this.known = new Map(
      Object.entries(readCacheEntryJson<Record<string, number>>(this.indexFile) ?? {}).filter(
        ([, size]) => typeof size === 'number',
      ),
    )
    const outputDir = outputDirOfStaging(stagingDir)
    this.previousDir = outputDir
    this.outputIndex = outputDir
      ? path.join(dir, `output-${createHash('sha1').update(outputDir).digest('hex').slice(0, 12)}.json`)
      : null
    this.previousOutput = new Map(
      Object.entries((this.outputIndex && readCacheEntryJson<Record<string, string>>(this.outputIndex)) ?? {}),
    )
  }

  private get indexFile(): string {
    return indexFileOf(this.dir)
  }

  /** The cards the cache's index lists (not checked on disk: `place` finds a damaged one). */
  static cachedKeys(dir: string): Set<string> {
    return new Set(Object.keys(readCacheEntryJson<Record<string, number>>(indexFileOf(dir)) ?? {}))
  }

  /**
   * A card a worker drew straight into the cache (see drawCardsTask.ts), `size` bytes: `place` copies it from there.
   */
  adopt(key: string, size: number): void {
    this.known.set(key, size)
  }

  /** Puts the card `key` at `file` in the output from the previous output or the cache; false: draw it. */
  async place(key: string, file: string): Promise<boolean> {
    const target = outputPath(this.stagingDir, file)
    const size = this.known.get(key)
    if (
      this.previousDir &&
      this.previousOutput.get(file) === key &&
      (await reusePreviousOutput(this.stagingDir, file, size))
    ) {
      this.placed(key, file, size ?? (await fs.promises.stat(builtOutputFile(this.stagingDir, file))).size)
      return true
    }
    await this.makeDir(path.dirname(target))
    if (size === undefined) return false
    const png = await this.cards.getAsync(key)
    if (png?.length !== size) return false
    await fs.promises.writeFile(target, png)
    this.placed(key, file, size)
    return true
  }

  /** Writes a drawn card to the output, and keeps it in the cache (a read-only or full disk only costs speed). */
  async write(key: string, file: string, png: Uint8Array): Promise<void> {
    const target = outputPath(this.stagingDir, file)
    await this.makeDir(path.dirname(target))
    await fs.promises.writeFile(target, png)
    if (this.known.get(key) !== png.length) {
      try {
        this.cards.put(key, png)
        this.known.set(key, png.length)
      } catch {
        this.known.delete(key)
      }
    }
    this.placed(key, file, png.length)
  }

  private makeDir(dir: string): Promise<unknown> {
    let made = this.madeDirs.get(dir)
    if (!made) this.madeDirs.set(dir, (made = fs.promises.mkdir(dir, { recursive: true })))
    return made
  }

  private placed(key: string, file: string, size: number): void {
    this.nextOutput.set(file, key)
    if (!this.used.has(key)) this.used.set(key, { size, file })
  }

  /**
   * Saves the indexes for the next build; rewrites a cache file that is missing or of another
   * size (a card linked from the previous output did not read it) from the output; removes the
   * files of cards no page shows any more.
   */
  save(): void {
    try {
      for (const [key, { size, file }] of this.used) {
        if (!this.cards.hasWhole(key, size))
          this.cards.put(key, fs.readFileSync(builtOutputFile(this.stagingDir, file)))
      }
      for (const key of this.known.keys()) if (!this.used.has(key)) this.cards.remove(key)
      writeCacheEntry(
        this.indexFile,
        JSON.stringify(Object.fromEntries([...this.used].map(([key, { size }]) => [key, size]))),
      )
      if (this.outputIndex) writeCacheEntry(this.outputIndex, JSON.stringify(Object.fromEntries(this.nextOutput)))
    } catch {
      // Read-only or full disk: the next build draws again.
    }
  }
}

function indexFileOf(dir: string): string {
  return path.join(dir, 'cards.json')
}

/** `relative` inside `outDir`, refused when it would land elsewhere (a card's name comes from a route). */
export function outputPath(outDir: string, relative: string): string {
  const target = path.resolve(outDir, relative)
  if (!target.startsWith(`${path.resolve(outDir)}${path.sep}`)) {
    throw new SheafError(
      `Refusing to write the social card \`${relative}\`: it resolves outside the output folder (${outDir}).`,
      { hint: 'output paths must stay inside the output folder: rename the page whose route makes this name.' },
    )
  }
  return target
}
