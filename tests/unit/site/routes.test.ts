import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadDataLayer } from '../../../engine/build.ts'

const root = path.resolve(import.meta.dirname, '../../..')

const shared = [
  '/',
  '/docs/start/intro',
  '/docs/start/quick-start',
  '/docs/api',
  ...['render', 'screen', 'queries', 'jest-matchers'].map((name) => `/docs/api/${name}`),
  '/docs/api/events/fire-event',
  '/docs/api/events/user-event',
  ...['render-hook', 'async', 'config', 'accessibility', 'other'].map((name) => `/docs/api/misc/${name}`),
  ...['how-to-query', 'troubleshooting', 'faq', 'community-resources'].map((name) => `/docs/guides/${name}`),
  '/docs/advanced/testing-env',
  '/docs/advanced/understanding-act',
  '/docs/migration/jest-matchers',
  ...['v2', 'v7', 'v9', 'v11'].map((name) => `/docs/migration/previous/${name}`),
  '/cookbook/',
  '/cookbook/basics/async-tests',
  '/cookbook/basics/custom-render',
  '/cookbook/advanced/network-requests',
  '/cookbook/state-management/jotai',
]

const expected13 = [
  ...shared,
  '/docs/advanced/third-party-integration',
  '/docs/migration/v13',
  '/docs/migration/previous/v12',
]
const expected12 = [...shared, '/docs/migration/v12'].map((route) => (route === '/' ? '/12.x/' : `/12.x${route}`))

describe('the RNTL site routes (SPEC §2 route table)', () => {
  let paths: string[] = []

  beforeAll(async () => {
    const { dataLayer } = await loadDataLayer(root)
    const data = await dataLayer.query<{ allPage: { nodes: { path: string }[] } }>(
      '{ allPage { nodes { path } } }',
      {},
      'test',
    )
    paths = data.allPage.nodes.map((page) => page.path)
  }, 120_000)

  it('has all 34 routes of 13.x at the base root', () => {
    expect(expected13).toHaveLength(34)
    expect(paths.filter((route) => !route.startsWith('/12.x/')).sort()).toEqual([...expected13].sort())
  })

  it('has all 32 routes of 12.x under /12.x/', () => {
    expect(expected12).toHaveLength(32)
    expect(paths.filter((route) => route.startsWith('/12.x/')).sort()).toEqual([...expected12].sort())
  })

  it('keeps version-only pages out of the other version', () => {
    expect(paths).not.toContain('/12.x/docs/advanced/third-party-integration')
    expect(paths).not.toContain('/12.x/docs/migration/previous/v12')
    expect(paths).not.toContain('/docs/migration/v12')
    expect(paths).not.toContain('/12.x/docs/migration/v13')
  })
})
