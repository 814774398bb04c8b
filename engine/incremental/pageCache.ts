import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { NodeStore } from '../store/nodeStore.ts'
import { readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
import { overlayOf } from './outputOverlay.ts'
import { ReadDigests } from './readKey.ts'
import { resolveInside } from '../render/outputDir.ts'

interface PageEntry {
  /** What the page's queries read (read keys: a node, or some of its fields), as indexes into `Manifest.ids`. */
  reads: number[]
  /** Digest of everything the page's render takes in (page data, language, head tags). */
  inputs: string
  files: string[]
}

interface Manifest {
  /** Config, theme, bundle and engine fingerprint: any change re-renders everything. */
  key: string
  /** Digest of every node id: adding or removing a node re-renders everything (lists, sidebars, neighbours). */
  structure: string
  /**
   * Every read key any page recorded, once: pages list indexes into it. Pages of a section
   * read the same hundreds of sidebar-mates, and a table of digests per page made
   * the manifest grow with pages x section size (5,000 pages: hundreds of MB).
   */
  ids: string[]
  /** What each read saw (see ReadDigests), parallel to `ids`: a read whose digest differs now has changed. */
  digests: string[]
  /** The content digest of each read's node when its digest was taken, parallel to `ids`. */
  nodeDigests: string[]
  pages: Record<string, PageEntry>
}

/**
 * Which pages can skip rendering, and how. Two checks, cheapest first:
 * - nothing the page's queries read last time has changed (and no node was
 *   added or removed): reuse it without even running its queries;
 * - otherwise its queries run, and when the render inputs they give are the
 *   same as last time, the page is still reused.
 * A reused page's files are linked from the previous output, byte for byte.
 *
 * Each read's digest is computed once per build and compared with the one
 * stored for it, so checking a page costs an array lookup per read (a page
 * of a 200-page section reads 200 sidebar-mates; hashing them per page took
 * a quarter of a second at N = 1,000).
 */
export class PageCache {
  private readonly previous: Manifest | null
  private readonly next: Manifest
  private readonly nextIndex = new Map<string, number>()
  private readonly digests: ReadDigests
  /** Per previous read index: 0 not checked yet, 1 unchanged, 2 changed. */
  private readonly previousState: Uint8Array
  private previousIndex: Map<string, number> | undefined
  private readonly madeDirs = new Map<string, Promise<unknown>>()
  /** Links under way (see linkLater): each resolves to its page's path when the page must render after all. */
  private readonly linking: Promise<string | null>[] = []

  constructor(
    private readonly file: string,
    key: string,
    store: NodeStore,
  ) {
    this.digests = new ReadDigests(store)
    const previous = readManifest(file)
    this.next = { key, structure: structureDigest(store), ids: [], digests: [], nodeDigests: [], pages: {} }
    // Another key (config, theme, bundle, engine) or another structure invalidates every page's reads.
    this.previous = previous && previous.key === key && Array.isArray(previous.nodeDigests) ? previous : null
    this.previousState = new Uint8Array(this.previous?.ids.length ?? 0)
  }

  /** Reuses a page whose reads all see what they saw last time, without querying it; true when reused. */
  reuseUnread(pagePath: string, previousOutDir: string, outDir: string): boolean {
    const previous = this.previous
    if (!previous || previous.structure !== this.next.structure) return false
    const entry = previous.pages[pagePath]
    if (!entry || !Array.isArray(entry.reads)) return false
    for (const index of entry.reads) if (this.changedSince(index)) return false
    this.linkLater(pagePath, entry.files, previousOutDir, outDir)
    this.remember(pagePath, entry.reads.map((index) => previous.ids[index]), entry.inputs, entry.files)
    return true
  }

  /** Reuses a page whose render inputs are the same as last time; true when reused. */
  reuseSameInputs(pagePath: string, inputs: string, reads: Set<string>, previousOutDir: string, outDir: string): boolean {
    const entry = this.previous?.pages[pagePath]
    if (!entry || entry.inputs !== inputs) return false
    this.linkLater(pagePath, entry.files, previousOutDir, outDir)
    this.record(pagePath, reads, inputs, entry.files)
    return true
  }

  /**
   * Waits for the reused pages' links; returns the pages whose previous files were missing
   * (someone deleted them from the output folder), which must render after all.
   */
  async settleLinks(): Promise<string[]> {
    const failed = await Promise.all(this.linking)
    this.linking.length = 0
    return failed.filter((pagePath): pagePath is string => pagePath !== null)
  }

  /**
   * Keeps a reused page's files in the output being updated, or links them in the background,
   * on libuv's threads: a thousand folders and two thousand links took a quarter of a second of
   * the main thread at N = 1,000.
   */
  private linkLater(pagePath: string, files: string[], fromDir: string, toDir: string): void {
    // Updated in place (see OutputOverlay): the previous files stay where they are.
    const overlay = overlayOf(toDir)
    if (overlay) {
      this.linking.push(Promise.all(files.map((file) => overlay.keep(file))).then((kept) => (kept.every(Boolean) ? null : pagePath)))
      return
    }
    this.linking.push(linkFiles(files, fromDir, toDir, this.madeDirs).then((linked) => (linked ? null : pagePath)))
  }

  record(pagePath: string, reads: Set<string>, inputs: string, files: string[]): void {
    this.remember(pagePath, [...reads].filter((key) => this.digests.exists(key)).sort(), inputs, files)
  }

  /** The previous build's digest of a read, with the node digest it was taken at. */
  private knownDigest(key: string): { node: string; digest: string } | undefined {
    const previous = this.previous
    if (!previous) return undefined
    this.previousIndex ??= new Map(previous.ids.map((id, index) => [id, index]))
    const index = this.previousIndex.get(key)
    return index === undefined ? undefined : { node: previous.nodeDigests[index], digest: previous.digests[index] }
  }

  private changedSince(previousIndex: number): boolean {
    let state = this.previousState[previousIndex]
    if (state === 0) {
      const previous = this.previous as Manifest
      const digest = previous.digests[previousIndex]
      state = this.digests.of(previous.ids[previousIndex], { node: previous.nodeDigests[previousIndex], digest }) === digest ? 1 : 2
      this.previousState[previousIndex] = state
    }
    return state === 2
  }

  private remember(pagePath: string, keys: string[], inputs: string, files: string[]): void {
    const indexes = keys.map((key) => {
      let index = this.nextIndex.get(key)
      if (index === undefined) {
        index = this.next.ids.length
        this.next.ids.push(key)
        this.next.digests.push(this.digests.of(key, this.knownDigest(key)))
        this.next.nodeDigests.push(this.digests.nodeDigest(key))
        this.nextIndex.set(key, index)
      }
      return index
    })
    this.next.pages[pagePath] = { reads: indexes, inputs, files }
  }

  save(): void {
    try {
      writeCacheEntry(this.file, JSON.stringify(this.next))
    } catch {
      // A read-only or full disk only costs speed: the next build renders every page.
    }
  }
}

/**
 * Hard links, not copies: output files are never written in place (a build writes a
 * staging folder and swaps it in), so sharing them is safe and costs no bytes. Folders
 * are made once per build (a thousand pages share a few dozen), and a missing previous
 * file is found by the link failing, not by asking first.
 */
async function linkFiles(files: string[], fromDir: string, toDir: string, madeDirs: Map<string, Promise<unknown>>): Promise<boolean> {
  const linked: string[] = []
  for (const file of files) {
    const target = resolveInside(toDir, file)
    const folder = path.dirname(target)
    let made = madeDirs.get(folder)
    if (!made) madeDirs.set(folder, (made = fs.promises.mkdir(folder, { recursive: true })))
    await made
    try {
      await fs.promises.link(resolveInside(fromDir, file), target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        // The previous output lacks this file: undo, and let the page render.
        await Promise.all(linked.map((done) => fs.promises.rm(done, { force: true })))
        return false
      }
      await fs.promises.copyFile(resolveInside(fromDir, file), target)
    }
    linked.push(target)
  }
  return true
}

/** The previous build's manifest; null (render every page) when it is missing, truncated or damaged. */
function readManifest(file: string): Manifest | null {
  return readCacheEntryJson<Manifest>(file)
}

/** Digest of every File and Page node's id (and route): a node added, removed or moved changes it. */
export function structureDigest(store: NodeStore): string {
  const ids = [...store.getNodesByType('File'), ...store.getNodesByType('Page')].map((node) => `${node.type}:${node.id}:${String(node.path ?? '')}`).sort()
  return createHash('sha1').update(ids.join('\n')).digest('hex')
}
