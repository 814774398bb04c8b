const pointerRE = /\.latest\.json$/

/**
 * Pages link a stable pointer (`search_index.13.x.en.latest.json`) that names
 * the current content-hashed index: its sharded copy's meta file when the
 * build wrote one (`shards`), else the whole file. Both are cacheable forever.
 * Any other URL is the index itself (the dev server's).
 */
export async function resolveIndexUrl(url: string): Promise<string> {
  if (!pointerRE.test(url)) return url
  const response = await fetch(url, { cache: 'no-cache' })
  if (!response.ok) throw new Error(`Loading the search index pointer ${url} failed with HTTP ${response.status}`)
  const { file, shards } = (await response.json()) as { file: string; shards?: string }
  return new URL(shards ?? file, url).href
}
