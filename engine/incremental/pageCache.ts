import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { NodeStore } from '../store/nodeStore.ts'
import { readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
import { overlayOf } from './outputOverlay.ts'
import { isStoredReads, ReadTable, type StoredReads } from './readTable.ts'
import { resolveInside } from '../render/outputDir.ts'

interface PageEntry {
  /** What the page's queries read (read keys: a node, or some of its fields), as indexes into `Manifest.ids`. */
  reads: number[]
  /** Digest of everything the page's render takes in (page data, language, head tags). */
  inputs: string
  files: string[]
}

interface Manifest extends StoredReads {
  /** Config, theme, bundle and engine fingerprint: any change re-renders everything. */
  key: string
  /** Digest of every node id: adding or removing a node re-renders everything (lists, sidebars, neighbours). */
  structure: string
  pages: Record<string, PageEntry>
}

/**
 * Which pages can skip rendering, and how. Two checks, cheapest first:
 * - nothing the page's queries read last time has changed (and no node was
 *   added or removed): reuse it without even running its queries;
 * - otherwise its queries run, and when the render inputs they give are the
 *   same as last time, the page is still reused.
 * A reused page's files are linked from the previous output, byte for byte.
 * Reads are checked and stored through a ReadTable (see readTable.ts).
 */
export class PageCache {
  private readonly previous: Manifest | null
  private readonly next: Manifest
  private readonly reads: ReadTable
  private readonly madeDirs = new Map<string, Promise<unknown>>()
  /** Links under way (see linkLater): each resolves to its page's path when the page must render after all. */
  private readonly linking: Promise<string | null>[] = []

  constructor(
    private readonly file: string,
    key: string,
    store: NodeStore,
  ) {
    // The previous build's manifest; null (render every page) when it is missing, truncated or damaged.
    const previous = readCacheEntryJson<Manifest>(file)
    // Another key (config, theme, bundle, engine) or another structure invalidates every page's reads.
    this.previous = previous && previous.key === key && isStoredReads(previous) ? previous : null
    this.reads = new ReadTable(store, this.previous)
    this.next = { key, structure: structureDigest(store), ...this.reads.next, pages: {} }
  }

  /** Reuses a page whose reads all see what they saw last time, without querying it; true when reused. */
  reuseUnread(pagePath: string, previousOutDir: string, outDir: string): boolean {
    const previous = this.previous
    if (!previous || previous.structure !== this.next.structure) return false
    const entry = previous.pages[pagePath]
    if (!entry || !Array.isArray(entry.reads)) return false
    for (const index of entry.reads) if (this.reads.changedSince(index)) return false
    this.linkLater(pagePath, entry.files, previousOutDir, outDir)
    this.remember(pagePath, this.reads.previousKeys(entry.reads), entry.inputs, entry.files)
    return true
  }

  /** Reuses a page whose render inputs are the same as last time; true when reused. */
  reuseSameInputs(
    pagePath: string,
    inputs: string,
    reads: Set<string>,
    previousOutDir: string,
    outDir: string,
  ): boolean {
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
      this.linking.push(
        Promise.all(files.map((file) => overlay.keep(file))).then((kept) => (kept.every(Boolean) ? null : pagePath)),
      )
      return
    }
    this.linking.push(linkFiles(files, fromDir, toDir, this.madeDirs).then((linked) => (linked ? null : pagePath)))
  }

  record(pagePath: string, reads: Set<string>, inputs: string, files: string[]): void {
    this.remember(pagePath, this.reads.recorded(reads), inputs, files)
  }

  private remember(pagePath: string, keys: string[], inputs: string, files: string[]): void {
    this.next.pages[pagePath] = { reads: this.reads.indexesOf(keys), inputs, files }
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
async function linkFiles(
  files: string[],
  fromDir: string,
  toDir: string,
  madeDirs: Map<string, Promise<unknown>>,
): Promise<boolean> {
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

/** Digest of every File and Page node's id (and route): a node added, removed or moved changes it. */
export function structureDigest(store: NodeStore): string {
  const ids = [...store.getNodesByType('File'), ...store.getNodesByType('Page')]
    .map((node) => `${node.type}:${node.id}:${String(node.path ?? '')}`)
    .sort()
  return createHash('sha1').update(ids.join('\n')).digest('hex')
}
