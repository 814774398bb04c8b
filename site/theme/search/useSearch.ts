import { useEffect, useRef, useState } from 'react'
import { createQueryCache } from './queryCache.ts'
import { fromHitGroups, fromRemoteGroups, requestRemote, type DisplayGroup } from './remoteSearch.ts'
import { isBackendLoaded, loadSearchBackend } from './searchBackend.ts'
import { defaultSearchLimit, type SearchClientConfig } from './searchShared.ts'

/** SPEC §9: the input settles for 150 ms before a query runs. */
export const searchDebounceMs = 150
/** SPEC §9: the first load of an index shows the loading state for at least 1 s. */
export const minimumLoadingMs = 1000

export type SearchStatus = 'loading' | 'ready' | 'error'

/** The results shown, with the query they answer (so stale text never pairs with new hits). */
export interface SearchResult {
  query: string
  groups: DisplayGroup[]
  /** Parts of the index could not be loaded: the groups are what the others gave. */
  partial?: boolean
}

// Session-wide, like the loaded index: reopening the modal reuses earlier answers.
const resultCache = createQueryCache<DisplayGroup[]>()

/** Empties the result cache (for tests). */
export function clearSearchResultCache(): void {
  resultCache.clear()
}

/**
 * The search state behind the modal: loads the index on first use (or talks
 * to the remote API when configured), debounces the input and answers from
 * the cache when it can. `result` is null while the query is empty.
 */
export function useSearch(indexUrl: string | null | undefined, config: Partial<SearchClientConfig> | undefined) {
  const limit = config?.limit ?? defaultSearchLimit
  const remote = config?.remote ?? null
  const remoteKey = remote ? `${remote.apiUrl}|${(remote.searchIndexes ?? []).join(',')}` : ''
  // The latest config, read by the effects; they re-run only when remoteKey or limit change.
  const configRef = useRef<SearchClientConfig>({ limit, remote })
  configRef.current = { limit, remote, lang: config?.lang, version: config?.version }
  const [query, setQuery] = useState('')
  const [settledQuery, setSettledQuery] = useState('')
  const [status, setStatus] = useState<SearchStatus>(() =>
    remote || (indexUrl && isBackendLoaded(indexUrl)) ? 'ready' : 'loading',
  )
  const [result, setResult] = useState<SearchResult | null>(null)
  const latest = useRef(0)

  useEffect(() => {
    if (remoteKey) return setStatus('ready')
    if (!indexUrl) return setStatus('error')
    if (isBackendLoaded(indexUrl)) return setStatus('ready')
    let cancelled = false
    setStatus('loading')
    // The clock starts once the loading state is on screen, not when this
    // effect runs: React runs it inside the task that mounted the dialog, and
    // the rest of that task (layout, focus, starting the worker) took ~25 ms
    // off the visible second in Chromium (measured by tests/e2e/search).
    const shown = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 0))
    Promise.all([loadSearchBackend(indexUrl), shown])
      .then(([, shownAt]) => delay(minimumLoadingMs - (Date.now() - shownAt)))
      .then(() => !cancelled && setStatus('ready'))
      .catch((error: unknown) => {
        console.error('[search] could not load the search index:', error)
        if (!cancelled) setStatus('error')
      })
    return () => {
      cancelled = true
    }
  }, [indexUrl, remoteKey])

  useEffect(() => {
    const timer = setTimeout(() => setSettledQuery(query), searchDebounceMs)
    return () => clearTimeout(timer)
  }, [query])

  useEffect(() => {
    const keyword = settledQuery.trim()
    const ticket = ++latest.current
    if (!keyword) return setResult(null)
    if (status !== 'ready') return
    const cacheKey = `${remoteKey || indexUrl}|${limit}|${keyword}`
    const cached = resultCache.get(cacheKey)
    if (cached) return setResult({ query: keyword, groups: cached })
    const run = remoteKey
      ? requestRemote(keyword, configRef.current).then((groups) => ({
          groups: fromRemoteGroups(groups, limit),
          partial: false,
        }))
      : loadSearchBackend(String(indexUrl))
          .then((backend) => backend.search(keyword, limit))
          .then((answer) => ({ groups: fromHitGroups(answer.groups), partial: answer.failed > 0 }))
    run
      .then(({ groups, partial }) => {
        if (partial)
          console.error('[search] parts of the search index could not be loaded; showing what the others found.')
        // A partial answer is not cached: the same query asks for the missing parts again.
        else resultCache.set(cacheKey, groups)
        if (ticket === latest.current) setResult({ query: keyword, groups, partial })
      })
      .catch((error: unknown) => {
        // SPEC §8: logged once, shown as an empty result, and not cached: the same query asks again later.
        console.error(remoteKey ? '[search] remote search failed:' : '[search] the query failed:', error)
        if (ticket === latest.current) setResult({ query: keyword, groups: [] })
      })
  }, [settledQuery, status, indexUrl, remoteKey, limit])

  return { query, setQuery, status, result: query.trim() ? result : null }
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
