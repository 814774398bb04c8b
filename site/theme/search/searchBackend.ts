import type { WorkerRequest, WorkerResponse } from './search.worker.ts'
import { loadSearchIndex } from './localSearch.ts'
import { resolveIndexUrl } from './resolveIndexUrl.ts'
import type { HitGroup } from './searchShared.ts'

/**
 * A local query's answer: the grouped hits, and how many parts of a sharded index failed to load (their hits are
 * missing).
 */
export interface SearchAnswer {
  groups: HitGroup[]
  failed: number
}

/** Runs queries against one loaded index, in a worker or on the main thread. */
export interface SearchBackend {
  search(query: string, limit: number): Promise<SearchAnswer>
}

type PendingRequest = { resolve: (answer: SearchAnswer | undefined) => void; reject: (error: Error) => void }
type WorkerClient = { request(message: DistributiveOmit<WorkerRequest, 'id'>): Promise<SearchAnswer | undefined> }
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

// Note: session-wide on purpose: an index is fetched once per page load and
// reused by every later opening of the modal, on any page of that version.
const backends = new Map<string, Promise<SearchBackend>>()
const loaded = new Set<string>()
let workerClient: WorkerClient | null | undefined

/** Has this index finished loading in this session? (Then no loading state is shown.) */
export function isBackendLoaded(url: string): boolean {
  return loaded.has(url)
}

/**
 * Loads the index at `url` once per session: in a Web Worker when the
 * browser has them (queries then never block typing), else on the main thread.
 * For a build's sharded index this is the meta file only; each query then
 * fetches the shards and document fragments it needs (see localSearch.ts).
 */
export function loadSearchBackend(url: string): Promise<SearchBackend> {
  let backend = backends.get(url)
  if (!backend) {
    backend = createBackend(url).then((ready) => {
      loaded.add(url)
      return ready
    })
    backend.catch(() => backends.delete(url))
    backends.set(url, backend)
  }
  return backend
}

/** Forgets loaded indexes and the worker (for tests). */
export function resetSearchBackends(): void {
  backends.clear()
  loaded.clear()
  workerClient = undefined
}

async function createBackend(url: string): Promise<SearchBackend> {
  const absolute = await resolveIndexUrl(new URL(url, window.location.href).href)
  const worker = getWorkerClient()
  if (worker) {
    try {
      await worker.request({ type: 'load', url: absolute })
      return {
        search: async (query, limit) =>
          (await worker.request({ type: 'search', url: absolute, query, limit })) ?? { groups: [], failed: 0 },
      }
    } catch {
      // A worker that cannot start (CSP, old browser) must not cost the reader their search.
      workerClient = null
    }
  }
  const search = await loadSearchIndex(absolute)
  return { search }
}

function getWorkerClient(): WorkerClient | null {
  if (workerClient !== undefined) return workerClient
  if (typeof Worker === 'undefined') return (workerClient = null)
  try {
    const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' })
    const pending = new Map<number, PendingRequest>()
    let nextId = 1
    worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
      const answer = event.data
      const request = pending.get(answer.id)
      if (!request) return
      pending.delete(answer.id)
      if (answer.ok) request.resolve(answer.answer)
      else request.reject(new Error(answer.error))
    })
    worker.addEventListener('error', () => {
      for (const request of pending.values()) request.reject(new Error('The search worker failed.'))
      pending.clear()
    })
    workerClient = {
      request(message) {
        const id = nextId++
        return new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject })
          worker.postMessage({ ...message, id })
        })
      },
    }
  } catch {
    workerClient = null
  }
  return workerClient
}
