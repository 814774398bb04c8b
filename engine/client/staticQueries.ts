import type { StaticQueryResults } from '../shared/staticQuery.ts'

/** One load per URL for the life of the document: every page of a build names the same file. */
const loads = new Map<string, Promise<StaticQueryResults>>()

/**
 * The site's static query results (see PageData.staticQueries), fetched once and kept: a client
 * navigation reuses them. A failed load is forgotten, so the next page asks again.
 */
export function loadStaticQueries(url: string): Promise<StaticQueryResults> {
  let load = loads.get(url)
  if (!load) {
    load = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`Loading the static query results ${url} failed: HTTP ${response.status}.`)
      // JSON.parse reads an `__proto__` key as an own property: data cannot reach a prototype.
      return (await response.json()) as StaticQueryResults
    })
    load.catch(() => loads.delete(url))
    loads.set(url, load)
  }
  return load
}

/** The results a page needs, or undefined when its site has no static query. */
export function staticQueriesOf(page: { staticQueries?: string }): Promise<StaticQueryResults | undefined> {
  return page.staticQueries ? loadStaticQueries(page.staticQueries) : Promise.resolve(undefined)
}
