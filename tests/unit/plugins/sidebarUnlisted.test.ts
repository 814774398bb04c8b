import { describe, expect, it } from 'vitest'
import { sidebar } from '../../../plugins/sidebar/index.ts'
import { pagesApi } from './pagesApi.ts'

describe('pages in no sidebar', () => {
  it('are one warning, by route, leaving out home and 404 pages', async () => {
    const warnings: string[] = []
    const api = pagesApi(
      ['/docs/b', '/docs/a', '/docs/listed'],
      (async () => ({ sidebarLinks: ['/docs/listed'] })) as never,
      warnings,
    )
    await sidebar().createPages?.(api)
    expect(warnings).toEqual([
      '2 pages are in no sidebar (add them to a _meta.json):\n  content/docs/a.md\n  content/docs/b.md',
    ])
  })
})
