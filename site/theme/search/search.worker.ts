import { createSearcher, groupHits, searchPages, type HitGroup, type SearchIndexFile } from './searchShared.ts'
import type { Searcher } from '../../../plugins/search/shared/index.ts'

/** Messages the page sends. */
export type WorkerRequest = { id: number; type: 'load'; url: string } | { id: number; type: 'search'; url: string; query: string; limit: number }

/** What the worker answers, matched to a request by `id`. */
export type WorkerResponse = { id: number; ok: true; groups?: HitGroup[] } | { id: number; ok: false; error: string }

/** The worker global, typed by hand: the project compiles with the DOM lib, not the webworker one. */
const scope = self as unknown as {
  postMessage(message: WorkerResponse): void
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void
}
const searchers = new Map<string, Promise<Searcher>>()

/** Loads an index once per URL; the worker lives for the whole session. */
function load(url: string): Promise<Searcher> {
  let searcher = searchers.get(url)
  if (!searcher) {
    searcher = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`The search index ${url} answered ${response.status}.`)
      return createSearcher((await response.json()) as SearchIndexFile)
    })
    searcher.catch(() => searchers.delete(url))
    searchers.set(url, searcher)
  }
  return searcher
}

scope.addEventListener('message', async (event) => {
  const request = event.data
  try {
    const searcher = await load(request.url)
    const answer: WorkerResponse = request.type === 'load' ? { id: request.id, ok: true } : { id: request.id, ok: true, groups: groupHits(searchPages(searcher, request.query, request.limit), request.limit) }
    scope.postMessage(answer)
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) })
  }
})
