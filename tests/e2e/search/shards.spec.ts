import { gzipSync } from 'node:zlib'
import { keyTablePath, shardPathsForTerm } from '../../../plugins/search/shared/shardedSearcher.ts'
import type { ShardedIndexMeta, ShardKeyTable } from '../../../plugins/search/shared/types.ts'
import { siteUrl } from '../sites.ts'
import { expect, hits, openPage, routeOf, search, searchDialog, test } from './helpers.ts'

/** A search file: the pointer, or anything of the sharded or the whole index. */
const searchFileRE = /\/static\/(search_index\.|search\/)/

test.describe('sharded search index', () => {
  test(
    'the first query fetches a small part of the index: at most 40 KB gzip for "render", ' +
      'a third of the whole file',
    async ({ page }) => {
      const bodies = new Map<string, Promise<Buffer>>()
      page.on('response', (response) => {
        if (searchFileRE.test(new URL(response.url()).pathname))
          bodies.set(new URL(response.url()).pathname, response.body())
      })
      await openPage(page, '/docs/api/render')
      await search(page, 'render')
      expect(routeOf(await hits(page).first().getAttribute('href'))).toBe('/docs/api/render')

      let firstQueryBytes = 0
      for (const body of bodies.values()) firstQueryBytes += gzipSync(await body).length
      const paths = [...bodies.keys()]
      // The whole index is not among them; the pointer still names it (tools and older clients read it).
      expect(paths.some((path) => /search_index\.13\.x\.en\.[0-9a-f]{8}\.json$/.test(path))).toBe(false)
      const pointer = (await (
        await page.request.get(siteUrl('rntl', '/static/search_index.13.x.en.latest.json'))
      ).json()) as { file: string }
      const whole = gzipSync(await (await page.request.get(siteUrl('rntl', `/static/${pointer.file}`))).body()).length
      console.log(`first query "render": ${paths.length} files, ${firstQueryBytes} bytes gzip (whole index: ${whole})`)
      expect(firstQueryBytes).toBeLessThanOrEqual(40_000)
      expect(firstQueryBytes).toBeLessThan(whole / 3)
    },
  )

  test('a shard that fails to load: results from the others and one error message', async ({ page, consoleErrors }) => {
    const pointer = (await (
      await page.request.get(siteUrl('rntl', '/static/search_index.13.x.en.latest.json'))
    ).json()) as { shards: string }
    const metaUrl = siteUrl('rntl', `/static/${pointer.shards}`)
    const meta = (await (await page.request.get(metaUrl)).json()) as ShardedIndexMeta
    // 'screen' and 'render' live in different shards: the ones 'screen' needs answer 503.
    const shardsOf = async (term: string) => {
      const table = (await (
        await page.request.get(new URL(keyTablePath(meta, term) as string, metaUrl).href)
      ).json()) as ShardKeyTable
      return shardPathsForTerm(table, term, true).map((path) => new URL(path, metaUrl).pathname)
    }
    const failing = new Set(await shardsOf('screen'))
    expect((await shardsOf('render')).some((path) => failing.has(path))).toBe(false)
    await page.context().route(
      (url) => failing.has(url.pathname),
      (route) => route.fulfill({ status: 503, body: 'unavailable' }),
    )

    await openPage(page, '/docs/api/render')
    await search(page, 'render screen')
    const alert = searchDialog(page).getByRole('alert')
    await expect(alert).toHaveCount(1)
    await expect(alert).toHaveText('The search index could not be loaded. Check your connection and try again.')
    const routes = (await hits(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map(
      (href) => routeOf(href).split('#')[0],
    )
    expect(routes).toContain('/docs/api/render')

    // Once the shard answers again, the same query is complete: no message, and 'screen' is found too.
    await page.context().unrouteAll()
    await search(page, 'screen')
    await expect(alert).toHaveCount(0)
    expect(routeOf(await hits(page).first().getAttribute('href')).split('#')[0]).toBe('/docs/api/screen')
    consoleErrors.take(/503|parts of the search index could not be loaded/)
  })
})
