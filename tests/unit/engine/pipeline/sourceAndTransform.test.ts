import { describe, expect, it } from 'vitest'
import { SheafError } from '../../../../engine/errors.ts'
import { createPluginRunner } from '../../../../engine/plugins/runner.ts'
import type { Plugin, Reporter, SiteInfo } from '../../../../engine/plugins/types.ts'
import { sourceNodes, transformNodes } from '../../../../engine/sourceAndTransform.ts'

const site: SiteInfo = { root: '/site', base: '/', mode: 'build', concurrency: 1 }
const reporter: Reporter = { info: () => undefined, warn: () => undefined, error: () => undefined }

const fileSource = (names: string[]): Plugin => ({
  name: 'files',
  sourceNodes({ createNode }) {
    for (const name of names) createNode({ type: 'File', key: name, relativePath: name })
  },
})

describe('sourcing and transforming nodes', () => {
  it('offers every node to onCreateNode, those it creates too, with an api of its own fields', async () => {
    const seen: string[] = []
    const apiKeys = new Set<string>()
    const pages: Plugin = {
      name: 'pages',
      onCreateNode(api) {
        // A plugin may spread or rest its api: every field is the api's own.
        const { node, ...rest } = { ...api }
        for (const key of Object.keys(rest)) apiKeys.add(key)
        seen.push(`${node.type}:${String(node.relativePath)}`)
        if (node.type === 'File')
          api.createNode({
            type: 'Page',
            key: String(node.relativePath),
            parent: node.id,
            relativePath: node.relativePath,
          })
      },
    }
    const runner = createPluginRunner([fileSource(['a.md', 'b.md']), pages])
    const source = await sourceNodes(runner, site, () => reporter)
    expect(await transformNodes(runner, source, site, () => reporter)).toBe(4)
    expect(seen).toEqual(['File:a.md', 'File:b.md', 'Page:a.md', 'Page:b.md'])
    expect([...apiKeys].sort()).toEqual([
      'createContentDigest',
      'createNode',
      'createNodeField',
      'createNodeId',
      'createParentChildLink',
      'getNode',
      'getNodes',
      'getNodesByType',
      'reporter',
      'site',
      'updateNode',
    ])
    expect(source.store.getNodesByType('Page').map((page) => page.parent)).toEqual(
      source.store.getNodesByType('File').map((file) => file.id),
    )
  })

  it("reads every file before failing, then fails once with each file's located error", async () => {
    const strict: Plugin = {
      name: 'strict',
      onCreateNode({ node }) {
        if (String(node.relativePath).startsWith('bad'))
          throw new SheafError('Unclosed container.', { file: `content/${String(node.relativePath)}`, line: 3 })
      },
    }
    const runner = createPluginRunner([fileSource(['bad-2.md', 'good.md', 'bad-1.md']), strict])
    const source = await sourceNodes(runner, site, () => reporter)
    const error = await transformNodes(runner, source, site, () => reporter).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SheafError)
    expect((error as Error).message).toMatch(/^2 files have errors:\ncontent\/bad-1\.md:3[\s\S]*content\/bad-2\.md:3/)
  })
})
