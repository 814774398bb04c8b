import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentFolders } from '../../../../engine/pipeline/contentFolders.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

const file = (store: NodeStore, absolutePath: unknown, relativePath: unknown) =>
  store.createNode({ type: 'File', key: String(absolutePath), absolutePath, relativePath }, 'files')

describe('the folders content was read from (the build and the dev server)', () => {
  it('is each File node’s absolute path minus its relative path, once per folder', () => {
    const store = new NodeStore()
    const content = path.resolve('/site/content')
    const outside = path.resolve('/elsewhere/notes')
    file(store, path.join(content, 'guide', 'start.md'), 'guide/start.md')
    file(store, path.join(content, 'index.md'), 'index.md')
    file(store, path.join(outside, 'a.md'), 'a.md')
    expect(contentFolders(store).sort()).toEqual([outside, content].sort())
  })

  it('leaves out a node whose paths do not fit together (no folder is guessed)', () => {
    const store = new NodeStore()
    file(store, path.resolve('/site/content/a.md'), 'other/a.md')
    file(store, path.resolve('/site/content/b.md'), '')
    file(store, 42, 'c.md')
    // A name that merely ends the same way is no folder boundary.
    file(store, path.resolve('/site/contentxa.md'), 'a.md')
    expect(contentFolders(store)).toEqual([])
  })
})
