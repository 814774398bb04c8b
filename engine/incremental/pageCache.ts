import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { NodeStore } from '../store/nodeStore.ts'

interface PageEntry {
  /** Node id -> content digest, for every node the page's queries read. */
  reads: Record<string, string>
  files: string[]
}

interface Manifest {
  /** Config, theme, bundle and engine fingerprint: any change re-renders everything. */
  key: string
  /** Digest of every node id: adding or removing a node re-renders everything (lists, sidebars, neighbours). */
  structure: string
  pages: Record<string, PageEntry>
}

/**
 * Which pages can skip rendering: a page is reused when the build's key and
 * node structure are unchanged and every node its queries read last time
 * has the same digest; its files are then copied from the previous output,
 * byte for byte.
 */
export class PageCache {
  private readonly previous: Manifest | null
  private readonly next: Manifest

  constructor(
    private readonly file: string,
    key: string,
    private readonly store: NodeStore,
  ) {
    this.previous = readManifest(file)
    this.next = { key, structure: structureDigest(store), pages: {} }
  }

  /** Copies a page's previous output into `outDir` when nothing it read changed; true when reused. */
  reuse(pagePath: string, previousOutDir: string, outDir: string): boolean {
    const previous = this.previous
    if (!previous || previous.key !== this.next.key || previous.structure !== this.next.structure) return false
    const entry = previous.pages[pagePath]
    if (!entry) return false
    for (const [id, digest] of Object.entries(entry.reads)) {
      if (this.store.getNode(id)?.internal.contentDigest !== digest) return false
    }
    for (const file of entry.files) if (!fs.existsSync(path.join(previousOutDir, file))) return false
    for (const file of entry.files) {
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true })
      fs.copyFileSync(path.join(previousOutDir, file), path.join(outDir, file))
    }
    this.next.pages[pagePath] = entry
    return true
  }

  record(pagePath: string, reads: Set<string>, files: string[]): void {
    const digests: Record<string, string> = {}
    for (const id of reads) {
      const node = this.store.getNode(id)
      if (node) digests[id] = node.internal.contentDigest
    }
    this.next.pages[pagePath] = { reads: digests, files }
  }

  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    fs.writeFileSync(this.file, JSON.stringify(this.next))
  }
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
