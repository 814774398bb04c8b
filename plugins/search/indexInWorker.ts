import { startWorker, type SheafNode, type WorkerTask } from 'sheaf'
import type { BuiltSearchIndex, IndexablePage } from './buildSearchIndexes.ts'

type IndexWorker = WorkerTask<{ pages: IndexablePage[] }, BuiltSearchIndex[]>

/**
 * A build's indexes, made in a worker thread while the main thread runs the page queries and
 * the render worker renders. Measured at N = 1,000 pages (bench/pairedCorpus.sh, see
 * bench/README.md): indexing on the main thread after the render made the build slower by about
 * a tenth. `start` loads the worker (MiniSearch and the tokenizer) behind the markdown transform;
 * `send` hands it the final pages once; `result` is what onPostBuild awaits (null: nothing was
 * sent, so the caller indexes in process, as develop mode always does).
 */
export function indexInWorker(): {
  start(): void
  send(pages: readonly SheafNode[]): void
  result(): Promise<BuiltSearchIndex[]> | null
} {
  let worker: IndexWorker | null = null
  let pending: Promise<BuiltSearchIndex[]> | null = null
  return {
    start() {
      worker ??= startWorker(new URL('./buildIndexesTask.ts', import.meta.url))
    },
    send(pages) {
      if (!worker || pending) return
      const running = worker
      worker = null
      pending = running.run({ pages: pages.map(indexablePage) }).finally(() => running.close())
      // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
      pending.catch(() => undefined)
    },
    result() {
      const answer = pending
      pending = null
      worker?.close()
      worker = null
      return answer
    },
  }
}

/**
 * What the index reads of a Page node, as plain data: only these fields are copied to the
 * worker, not the node's body or HTML.
 */
function indexablePage(node: SheafNode): IndexablePage {
  const frontmatter = node.frontmatter as Record<string, unknown> | undefined
  return {
    id: node.id,
    path: node.path,
    title: node.title,
    version: node.version,
    lang: node.lang,
    pageType: node.pageType,
    frontmatter: frontmatter?.search === false ? { search: false } : undefined,
    sections: node.sections,
    toc: node.toc,
  }
}
