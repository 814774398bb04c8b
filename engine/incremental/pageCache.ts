import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { NodeStore } from '../store/nodeStore.ts'

interface PageEntry {
  /** The nodes the page's queries read, as indexes into `Manifest.ids`. */
  reads: number[]
  /** A digest of those nodes' content digests. */
  readsDigest: string
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
   * Every node id any page read, once: pages list indexes into it. Pages of a section
   * read the same hundreds of sidebar-mates, and a table of digests per page made
   * the manifest grow with pages x section size (5,000 pages: hundreds of MB).
   */
  ids: string[]
  pages: Record<string, PageEntry>
}

/**
 * Which pages can skip rendering, and how. Two checks, cheapest first:
 * - no node the page's queries read last time has changed (and no node was
 *   added or removed): reuse it without even running its queries;
 * - otherwise its queries run, and when the render inputs they give are the
 *   same as last time (a sidebar-mate of an edited page reads the page's
 *   title, which did not change), the page is still reused.
 * A reused page's files are linked from the previous output, byte for byte.
 */
export class PageCache {
  private readonly previous: Manifest | null
  private readonly next: Manifest
  private readonly nextIndex = new Map<string, number>()

  constructor(
    private readonly file: string,
    key: string,
    private readonly store: NodeStore,
  ) {
    const previous = readManifest(file)
    this.next = { key, structure: structureDigest(store), ids: [], pages: {} }
    // Another key (config, theme, bundle, engine) invalidates every page.
    this.previous = previous && previous.key === key ? previous : null
  }

  /** Reuses a page whose read nodes are all unchanged, without querying it; true when reused. */
  reuseUnread(pagePath: string, previousOutDir: string, outDir: string): boolean {
    const previous = this.previous
    if (!previous || previous.structure !== this.next.structure) return false
    const entry = previous.pages[pagePath]
    if (!entry || !Array.isArray(entry.reads)) return false
    const ids = entry.reads.map((index) => previous.ids[index])
    if (this.readsDigest(ids) !== entry.readsDigest) return false
    if (!linkFiles(entry.files, previousOutDir, outDir)) return false
    this.remember(pagePath, ids, entry.readsDigest, entry.inputs, entry.files)
    return true
  }

  /** Reuses a page whose render inputs are the same as last time; true when reused. */
  reuseSameInputs(pagePath: string, inputs: string, reads: Set<string>, previousOutDir: string, outDir: string): boolean {
    const entry = this.previous?.pages[pagePath]
    if (!entry || entry.inputs !== inputs) return false
    if (!linkFiles(entry.files, previousOutDir, outDir)) return false
    this.record(pagePath, reads, inputs, entry.files)
    return true
  }

  record(pagePath: string, reads: Set<string>, inputs: string, files: string[]): void {
    const ids = [...reads].filter((id) => this.store.getNode(id)).sort()
    this.remember(pagePath, ids, this.readsDigest(ids), inputs, files)
  }

  private remember(pagePath: string, ids: string[], readsDigest: string, inputs: string, files: string[]): void {
    const indexes = ids.map((id) => {
      let index = this.nextIndex.get(id)
      if (index === undefined) {
        index = this.next.ids.length
        this.next.ids.push(id)
        this.nextIndex.set(id, index)
      }
      return index
    })
    this.next.pages[pagePath] = { reads: indexes, readsDigest, inputs, files }
  }

  /** The nodes' current content digests, hashed together (ids sorted, missing nodes count). */
  private readsDigest(ids: string[]): string {
    const hash = createHash('sha1')
    for (const id of ids) hash.update(id).update(':').update(this.store.getNode(id)?.internal.contentDigest ?? '-').update('\n')
    return hash.digest('base64url')
  }

  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    fs.writeFileSync(this.file, JSON.stringify(this.next))
  }
}

/**
 * Hard links, not copies: output files are never written in place (a build writes a
 * staging folder and swaps it in), so sharing them is safe and costs no bytes.
 */
function linkFiles(files: string[], fromDir: string, toDir: string): boolean {
  for (const file of files) if (!fs.existsSync(path.join(fromDir, file))) return false
  for (const file of files) {
    const target = path.join(toDir, file)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    try {
      fs.linkSync(path.join(fromDir, file), target)
    } catch {
      fs.copyFileSync(path.join(fromDir, file), target)
    }
  }
  return true
}

function readManifest(file: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
  } catch {
    return null
  }
}

function structureDigest(store: NodeStore): string {
  const ids = [...store.getNodesByType('File'), ...store.getNodesByType('Page')].map((node) => `${node.type}:${node.id}:${String(node.path ?? '')}`).sort()
  return createHash('sha1').update(ids.join('\n')).digest('hex')
}
