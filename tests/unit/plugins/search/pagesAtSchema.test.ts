import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PagesApi, PostBuildApi, SchemaApi, SheafNode, SourceApi } from '../../../../engine/index.ts'
import { search } from '../../../../plugins/search/index.ts'

// Issue 22: a build's pages go to the index worker as soon as they are final, when the schema is
// made (SchemaApi.getNodesByType), not once every plugin before it has created its pages: a
// one-page rebuild waits for the index at its end.

const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-search-schema-'))
afterAll(() => fs.rmSync(siteRoot, { recursive: true, force: true }))

const quiet = { info() {}, warn() {}, error() {} }
const site = { root: siteRoot, base: '/', mode: 'build' as const, concurrency: 2 }
const pages: SheafNode[] = ['/docs/a', '/docs/b'].map((route) => ({
  id: route,
  type: 'Page',
  parent: null,
  children: [],
  internal: { type: 'Page', contentDigest: route, owner: 'test' },
  path: route,
  version: null,
  lang: 'en',
  pageType: 'doc',
  title: `Title of ${route}`,
  toc: [],
  sections: [{ anchor: '', heading: 'Intro', depth: 1, text: `Words of ${route}` }],
}))

const noQueries = async () => {
  throw new Error('the index is made from the nodes given when the schema was made')
}

describe('search pages sent when the schema is made', () => {
  it('indexes the pages the schema step gave, not those read again when pages are created', async () => {
    const plugin = search()
    await plugin.sourceNodes!({ site, reporter: quiet } as unknown as SourceApi)
    await plugin.createSchemaCustomization!({
      site,
      reporter: quiet,
      addTypeDefs() {},
      addResolvers() {},
      getNodesByType: (type: string) => (type === 'Page' ? pages : []),
    } satisfies SchemaApi)
    // What createPages would read (here: other words): the index is already under way with the schema's.
    const later = pages.map((node) => ({
      ...node,
      sections: [{ anchor: '', heading: 'Intro', depth: 1, text: 'Read too late' }],
    }))
    await plugin.createPages!({
      site,
      reporter: quiet,
      graphql: noQueries,
      getNodesByType: () => later,
      createPage() {},
    } as unknown as PagesApi)
    const emitted = new Map<string, string>()
    const leftRunning: Promise<unknown>[] = []
    await plugin.onPostBuild!({
      site,
      reporter: quiet,
      pages: [],
      outDir: path.join(siteRoot, 'out'),
      graphql: noQueries,
      emitFile: async (file: string, content: string | Uint8Array) =>
        void emitted.set(file, Buffer.from(content).toString()),
      waitUntil: (task) => void leftRunning.push(task),
    } satisfies PostBuildApi)
    // The worker's state is saved after the answer, while a build commits its output.
    expect(leftRunning).toHaveLength(1)
    await Promise.all(leftRunning)
    const index = [...emitted].find(([file]) => /^static\/search_index\.en\.[0-9a-f]{8}\.json$/.test(file))
    expect(index?.[1]).toContain('Words of /docs/b')
    expect(index?.[1]).not.toContain('Read too late')
  }, 60_000)
})
