import type { HitGroup, RemoteSearchGroup, SearchClientConfig, SearchHit } from './searchShared.ts'

/** A group of hits as the modal shows it: a type group (local) or an index (remote). */
export interface DisplayGroup {
  key: string
  label: string
  hits: SearchHit[]
}

/**
 * Asks the configured search API: `GET apiUrl?keyword=&limit=&searchIndexes=a,b&lang=`,
 * answered with `[{ index, hits }]`. A failure is logged and reads as no results.
 */
export async function searchRemote(query: string, config: SearchClientConfig): Promise<RemoteSearchGroup[]> {
  try {
    return await requestRemote(query, config)
  } catch (error) {
    console.error('[search] remote search failed:', error)
    return []
  }
}

/**
 * The same request, rejecting on failure (HTTP error, network error, an answer
 * that is not a list): the modal shows no results then, but must not cache them.
 */
export async function requestRemote(query: string, config: SearchClientConfig): Promise<RemoteSearchGroup[]> {
  const remote = config.remote
  if (!remote) return []
  const params = new URLSearchParams({
    keyword: query,
    limit: String(config.limit),
    searchIndexes: (remote.searchIndexes ?? []).join(','),
    lang: config.lang ?? '',
  })
  const separator = remote.apiUrl.includes('?') ? '&' : '?'
  const response = await fetch(`${remote.apiUrl}${separator}${params}`)
  if (!response.ok) throw new Error(`The search API answered ${response.status}.`)
  const groups = (await response.json()) as unknown
  if (!Array.isArray(groups)) throw new Error('The search API did not answer with a list of groups.')
  return groups.map((group: Partial<RemoteSearchGroup>) => ({
    index: String(group.index ?? ''),
    hits: Array.isArray(group.hits) ? group.hits.map(normalizeHit(query)) : [],
  }))
}

const typeLabels = { title: 'Pages', header: 'Sections', content: 'Content' } as const

/** Local groups are labelled by hit type. */
export function fromHitGroups(groups: HitGroup[]): DisplayGroup[] {
  return groups.map((group) => ({ key: group.type, label: typeLabels[group.type], hits: group.hits }))
}

/** Remote groups are labelled by index; empty ones are dropped. */
export function fromRemoteGroups(groups: RemoteSearchGroup[], limit: number): DisplayGroup[] {
  return groups
    .filter((group) => group.hits.length > 0)
    .map((group) => ({ key: `remote:${group.index}`, label: group.index, hits: group.hits.slice(0, limit) }))
}

/** Remote hits may leave fields out; fill them so rendering never meets undefined. */
function normalizeHit(query: string) {
  return (hit: Partial<SearchHit>, index: number): SearchHit => ({
    id: String(hit.id ?? `${hit.link ?? ''}:${index}`),
    type: hit.type === 'title' || hit.type === 'header' ? hit.type : 'content',
    title: String(hit.title ?? ''),
    header: String(hit.header ?? ''),
    link: String(hit.link ?? ''),
    query,
    highlights: Array.isArray(hit.highlights) ? hit.highlights : [],
    group: String(hit.group ?? ''),
    statement: String(hit.statement ?? ''),
    statementHighlights: Array.isArray(hit.statementHighlights) ? hit.statementHighlights : [],
    score: Number(hit.score ?? 0),
  })
}
