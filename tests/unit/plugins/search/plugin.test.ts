import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import type { GraphQLResolverMap, PostBuildApi, QueryContext, SchemaApi, SheafNode } from '../../../../engine/index.ts'
import { buildSearchIndexes, search } from '../../../../plugins/search/index.ts'
import { createSearcher, searchPages } from '../../../../plugins/search/shared/searchPages.ts'

import type { SearchIndexFile, ShardedIndexMeta, ShardKeyTable } from '../../../../plugins/search/shared/types.ts'

function page(path: string, version: string | null, fields: Partial<SheafNode> = {}): SheafNode {
  const versionPrefix = version === '12.x' ? '12.x' : ''
  return {
    id: path,
    type: 'Page',
    parent: null,
    children: [],
    internal: { type: 'Page', contentDigest: path, owner: 'test' },
    path,
    version,
    versionPrefix,
    lang: 'en',
    langPrefix: '',
    pageType: 'doc',
    title: `Title of ${path}`,
    toc: [],
    sections: [{ anchor: 'intro', heading: 'Intro', depth: 2, text: `Text of ${path} in ${version ?? 'no version'}` }],
    ...fields,
  }
}

const versionedPages = [
  page('/', '13.x', { pageType: 'home', title: 'Home' }),
  page('/docs/api/render', '13.x', { title: 'Render' }),
  page('/docs/migration/v13', '13.x', { title: 'Migration to 13.x' }),
  page('/12.x/', '12.x', { pageType: 'home', title: 'Home' }),
  page('/12.x/docs/api/render', '12.x', { title: 'Render' }),
  page('/12.x/docs/migration/v12', '12.x', { title: 'Migration to 12.x' }),
  page('/404', '13.x', { pageType: '404', title: '404' }),
]

// A fresh site root, so no test reads another run's files.
const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-search-'))
afterAll(() => fs.rmSync(siteRoot, { recursive: true, force: true }))

/** Runs the plugin's hooks against a fake store, as the engine would. */
function setUp(pages: SheafNode[], options: Parameters<typeof search>[0] = {}, mode: 'build' | 'develop' = 'build') {
  const plugin = search(options)
  let resolvers: GraphQLResolverMap = {}
  let typeDefs = ''
  const site = { root: siteRoot, base: '/react-native-testing-library/', mode, concurrency: 2 }
  plugin.createSchemaCustomization!({
    site,
    reporter: { info() {}, warn() {}, error() {} },
    addTypeDefs: (sdl: string) => (typeDefs += sdl),
    addResolvers: (map: GraphQLResolverMap) => (resolvers = map),
  } satisfies SchemaApi)
  const byPath = new Map(pages.map((node) => [String(node.path).replace(/\/$/, '') || '/', node]))
  const context = {
    store: { getNodesByType: (type: string) => (type === 'Page' ? pages : []) },
    site: {},
    pageByPath: (path: string) => byPath.get(path.replace(/\/$/, '') || '/'),
    track() {},
  } as unknown as QueryContext
  const query = resolvers.Query as Record<
    string,
    (parent: unknown, args: { path: string }, context: QueryContext) => unknown
  >
  const emitted = new Map<string, string>()
  const postBuild = async () => {
    await plugin.onPostBuild!({
      site,
      reporter: { info() {}, warn() {}, error() {} },
      pages: [],
      outDir: '/out',
      graphql: async () => {
        query.searchIndex(null, { path: '/' }, context)
        return {} as never
      },
      emitFile: async (file: string, content: string | Uint8Array) =>
        void emitted.set(file, Buffer.from(content).toString()),
      waitUntil: () => undefined,
    } as PostBuildApi)
  }
  /** The hashed index file a pointer names (pages link the pointer, see pointerName). */
  const hashedFile = async (path: string) => {
    await postBuild()
    const pointer = (query.searchIndex(null, { path }, context) as string).replace('/react-native-testing-library/', '')
    return `static/${(JSON.parse(emitted.get(pointer) ?? '{}') as { file: string }).file}`
  }
  return {
    plugin,
    typeDefs,
    hashedFile,
    searchIndex: (path: string) => query.searchIndex(null, { path }, context) as string | null,
    searchConfig: (path: string) => query.searchConfig(null, { path }, context),
    postBuild,
    emitted,
  }
}

describe('search plugin', () => {
  test('adds searchIndex and searchConfig to the Query type', () => {
    const { plugin, typeDefs } = setUp(versionedPages)
    expect(plugin.name).toBe('search')
    expect(typeDefs).toMatch(
      /extend type Query[\s\S]*searchIndex\(path: String!\): String[\s\S]*searchConfig\(path: String!\): JSON!/,
    )
  })

  test('gives each version its own index, named by version, language and a content hash behind a stable pointer', async () => {
    const { searchIndex, hashedFile } = setUp(versionedPages)
    const latest = searchIndex('/docs/api/render')
    const older = searchIndex('/12.x/docs/api/render')
    expect(latest).toBe('/react-native-testing-library/static/search_index.13.x.en.latest.json')
    expect(older).toBe('/react-native-testing-library/static/search_index.12.x.en.latest.json')
    expect(searchIndex('/')).toBe(latest)
    expect(await hashedFile('/docs/api/render')).toMatch(/^static\/search_index\.13\.x\.en\.[0-9a-f]{8}\.json$/)
    expect(await hashedFile('/12.x/docs/api/render')).toMatch(/^static\/search_index\.12\.x\.en\.[0-9a-f]{8}\.json$/)
  })

  test('picks the version from the path prefix for routes that are not pages', () => {
    const { searchIndex } = setUp(versionedPages)
    expect(searchIndex('/12.x/unknown')).toBe(searchIndex('/12.x/docs/api/render'))
    expect(searchIndex('/12.x')).toBe(searchIndex('/12.x/docs/api/render'))
    expect(searchIndex('/nothing-here')).toBe(searchIndex('/docs/api/render'))
    expect(searchIndex('/404')).toBe(searchIndex('/docs/api/render'))
  })

  test('writes one index per version, holding only that version’s pages (no home or 404)', async () => {
    const { postBuild, emitted, searchIndex } = setUp(versionedPages)
    await postBuild()
    const pointers = [searchIndex('/12.x/docs/api/render'), searchIndex('/docs/api/render')].map((url) =>
      url!.replace('/react-native-testing-library/', ''),
    )
    expect([...emitted.keys()].filter((file) => file.endsWith('.latest.json')).sort()).toEqual(pointers.sort())
    const files = [...emitted.entries()]
      .filter(([file]) => file.startsWith('static/search_index.') && !file.endsWith('.latest.json'))
      .map(([, json]) => JSON.parse(json) as SearchIndexFile)
    expect(files).toHaveLength(2)
    // Each pointer also names the sharded copy the browser reads: its meta file, shards and document fragments.
    for (const pointer of pointers) {
      const { file, shards } = JSON.parse(emitted.get(pointer) as string) as { file: string; shards: string }
      // One folder per version and language, the same in every build; every file in it is named after its content.
      expect(shards).toMatch(
        new RegExp(
          `^search/${file
            .replace(/^search_index\./, '')
            .replace(/\.[0-9a-f]{8}\.json$/, '')
            .replace(/\./g, '\\.')}/meta\\.[\\w-]{8}\\.json$`,
        ),
      )
      const meta = JSON.parse(emitted.get(`static/${shards}`) as string) as ShardedIndexMeta
      expect(meta.documentCount).toBe(
        (JSON.parse(emitted.get(`static/${file}`) as string) as { index: { documentCount: number } }).index
          .documentCount,
      )
      const dir = `static/${shards.replace(/meta\.[\w-]+\.json$/, '')}`
      for (const name of Object.values(meta.keyTables)) {
        const table = JSON.parse(emitted.get(`${dir}k/${name}.json`) as string) as ShardKeyTable
        for (const shard of table.shards) expect(emitted.has(`${dir}s/${shard}.json`)).toBe(true)
      }
      expect([...emitted.keys()].some((name) => name.startsWith(`${dir}d/`))).toBe(true)
    }
    const v12 = files.find((file) => file.version === '12.x')!
    const v13 = files.find((file) => file.version === '13.x')!
    expect(v12.pages.map((entry) => entry.routePath)).toEqual(['/12.x/docs/api/render', '/12.x/docs/migration/v12'])
    expect(v13.pages.map((entry) => entry.routePath)).toEqual(['/docs/api/render', '/docs/migration/v13'])
    expect(v13.pages[0]).toEqual({
      routePath: '/docs/api/render',
      title: 'Render',
      content: expect.any(String),
      toc: [],
      domain: '',
    })
    expect(searchPages(createSearcher(v12), 'migration')[0].link).toBe('/12.x/docs/migration/v12')
    expect(searchPages(createSearcher(v13), 'migration')[0].link).toBe('/docs/migration/v13')
    expect(searchPages(createSearcher(v13), 'intro')[0].link).toBe('/docs/api/render#intro')
  })

  test('names the index without a version when the site has no versions plugin', async () => {
    const { searchIndex, hashedFile, emitted } = setUp([page('/docs/a', null), page('/docs/b', null)])
    expect(searchIndex('/docs/a')).toBe('/react-native-testing-library/static/search_index.en.latest.json')
    expect(searchIndex('/unknown')).toBe(searchIndex('/docs/a'))
    expect(await hashedFile('/docs/a')).toMatch(/^static\/search_index\.en\.[0-9a-f]{8}\.json$/)
    expect([...emitted.keys()].filter((file) => file.startsWith('static/search_index.'))).toHaveLength(2)
    expect([...emitted.keys()].filter((file) => /\/meta\.[\w-]+\.json$/.test(file))).toEqual([
      expect.stringMatching(/^static\/search\/en\/meta\.[\w-]{8}\.json$/),
    ])
  })

  test('keeps the name stable (no hash) in develop mode', () => {
    const { searchIndex } = setUp(versionedPages, {}, 'develop')
    expect(searchIndex('/docs/api/render')).toBe('/react-native-testing-library/static/search_index.13.x.en.json')
  })

  test('the hash changes with the content, while the URL pages link stays the same', async () => {
    const before = setUp(versionedPages)
    const changed = versionedPages.map((node) =>
      node.path === '/docs/api/render' ? { ...node, title: 'Render function' } : node,
    )
    const after = setUp(changed)
    expect(after.searchIndex('/docs/api/render')).toBe(before.searchIndex('/docs/api/render'))
    expect(await after.hashedFile('/docs/api/render')).not.toBe(await before.hashedFile('/docs/api/render'))
    expect(await after.hashedFile('/12.x/docs/api/render')).toBe(
      await setUp(versionedPages).hashedFile('/12.x/docs/api/render'),
    )
  })

  test('exposes the limit, the remote settings and the page language to the client', () => {
    const remote = { apiUrl: 'https://search.example.com/api', searchIndexes: ['docs', 'blog'] }
    expect(setUp(versionedPages).searchConfig('/12.x/docs/api/render')).toEqual({
      limit: 7,
      remote: null,
      lang: 'en',
      version: '12.x',
    })
    expect(setUp(versionedPages, { limit: 10, remote }).searchConfig('/docs/api/render')).toEqual({
      limit: 10,
      remote,
      lang: 'en',
      version: '13.x',
    })
  })

  test('the emitted index is the one buildSearchIndexes makes from the pages', async () => {
    const many = Array.from({ length: 50 }, (_, index) => page(`/docs/page-${index}`, null, { title: `Page ${index}` }))
    const big = setUp(many)
    await big.postBuild()
    const [file, json] = [...big.emitted].find(
      ([name]) => name.startsWith('static/search_index.') && !name.endsWith('.latest.json'),
    )!
    const expected = buildSearchIndexes(many).get('|en')!
    expect(file).toBe(expected.fileName)
    expect(json).toBe(expected.json)
  }, 60_000)
})
