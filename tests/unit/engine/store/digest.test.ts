import { describe, expect, it } from 'vitest'
import { createContentDigest, createFieldsDigest, createNodeId } from '../../../../engine/store/digest.ts'
import { defineComputedField } from '../../../../engine/store/lazyField.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

const file = {
  relativePath: 'a/b.md',
  sourcePath: 'content/a/b.md',
  content: '# B\n\nText "quoted" \\ \u0000 é 😀\n',
  lastUpdated: null,
  size: 3,
}

describe('node digests', () => {
  it('are sha1 hex, as before (ids and string digests unchanged)', () => {
    expect(createContentDigest('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d')
    expect(createNodeId('File:a.md')).toMatch(/^[0-9a-f]{20}$/)
    expect(createFieldsDigest(file)).toMatch(/^[0-9a-f]{40}$/)
  })

  it('of fields: equal when JSON.stringify says the same, different when any field differs', () => {
    expect(createFieldsDigest({ ...file })).toBe(createFieldsDigest(file))
    // JSON leaves out undefined and functions: so does the digest.
    expect(createFieldsDigest({ ...file, gone: undefined, fn: () => 1 })).toBe(createFieldsDigest(file))
    const variants: Record<string, unknown>[] = [
      { ...file, content: `${file.content} ` },
      { ...file, relativePath: 'a/c.md' },
      { ...file, lastUpdated: '2026-01-01' },
      { ...file, size: '3' },
      { ...file, extra: null },
      // A field's text must not run into the next one's name.
      { relativePath: 'a/b.md"sourcePath"s14:content/a/b.md', sourcePath: '' },
      { relativePath: 'a/b.md', sourcePath: 'content/a/b.md' },
      // Lone surrogates (which UTF-8 cannot hold) stay apart from each other and from U+FFFD.
      { text: '\ud800' },
      { text: '\udc00' },
      { text: '\ufffd' },
    ]
    const digests = [createFieldsDigest(file), ...variants.map(createFieldsDigest)]
    expect(new Set(digests).size).toBe(digests.length)
  })

  it("are what the store gives a node created without one, and reads a lazy field's value", () => {
    const store = new NodeStore()
    const node = store.createNode({ type: 'File', key: 'a/b.md', ...file }, 'test')
    expect(node.internal.contentDigest).toBe(createFieldsDigest(file))
    const lazy = {}
    Object.defineProperty(lazy, 'content', { enumerable: true, get: () => 'late' })
    expect(createFieldsDigest(lazy)).toBe(createFieldsDigest({ content: 'late' }))
  })

  it('of a node created without one are made when first read, from its fields as created', () => {
    const store = new NodeStore()
    const fields = { ...file, data: { n: 1 } }
    const node = store.createNode({ type: 'File', key: 'a/b.md', ...fields }, 'test')
    // Not made yet: the digest is a getter until read.
    expect(typeof Object.getOwnPropertyDescriptor(node.internal, 'contentDigest')?.get).toBe('function')
    expect(Object.keys(node.internal)).toEqual(['type', 'contentDigest', 'owner'])
    // Fields set on the node after its creation do not change it (updateNode folds its own in).
    node.extra = 'later'
    expect(node.internal.contentDigest).toBe(createFieldsDigest(fields))
    const updated = store.updateNode(node, { title: 'T' })
    expect(updated.internal.contentDigest).toBe(
      createContentDigest(`${createFieldsDigest(fields)}\0${JSON.stringify({ title: 'T' })}`),
    )
    // A digest written (a dev server's body edit) is kept.
    const other = store.createNode({ type: 'File', key: 'c.md', content: 'c' }, 'test')
    other.internal.contentDigest = 'written'
    expect(other.internal.contentDigest).toBe('written')
  })

  it("of a node with a lazy field are made at once (the field's getter may read the node)", () => {
    const store = new NodeStore()
    const input = { type: 'Page', key: 'p' } as Record<string, unknown>
    defineComputedField(input, 'body', () => 'late')
    const node = store.createNode(input as { type: string; key: string }, 'test')
    expect(Object.getOwnPropertyDescriptor(node.internal, 'contentDigest')).toMatchObject({
      value: createFieldsDigest({ body: 'late' }),
    })
  })

  it("of a node whose input has a getter of its own (not a lazy field) hold the getter's value, read once", () => {
    const store = new NodeStore()
    let reads = 0
    const input = { type: 'Page', key: 'p' } as Record<string, unknown>
    Object.defineProperty(input, 'body', { enumerable: true, get: () => `read ${++reads}` })
    const node = store.createNode(input as { type: string; key: string }, 'test')
    expect(node.body).toBe('read 1')
    expect(node.internal.contentDigest).toBe(createFieldsDigest({ body: 'read 1' }))
    expect(reads).toBe(1)
  })
})
