import { loadSearchIndex, type LocalSearch } from './localSearch.ts'
import type { SearchAnswer } from './searchBackend.ts'

/** Messages the page sends. */
export type WorkerRequest =
  { id: number; type: 'load'; url: string } | { id: number; type: 'search'; url: string; query: string; limit: number }

/** What the worker answers, matched to a request by `id`. */
export type WorkerResponse = { id: number; ok: true; answer?: SearchAnswer } | { id: number; ok: false; error: string }

/** The worker global, typed by hand: the project compiles with the DOM lib, not the webworker one. */
const scope = self as unknown as {
  postMessage(message: WorkerResponse): void
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void
}
const searches = new Map<string, Promise<LocalSearch>>()

/** Loads an index (whole, or a sharded index's meta file) once per URL; the worker lives for the whole session. */
function load(url: string): Promise<LocalSearch> {
  let search = searches.get(url)
  if (!search) {
    search = loadSearchIndex(url)
    search.catch(() => searches.delete(url))
    searches.set(url, search)
  }
  return search
}

scope.addEventListener('message', async (event) => {
  const request = event.data
  try {
    const search = await load(request.url)
    const answer: WorkerResponse =
      request.type === 'load'
        ? { id: request.id, ok: true }
        : { id: request.id, ok: true, answer: await search(request.query, request.limit) }
    scope.postMessage(answer)
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) })
  }
})
