import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import { copyFields, defineComputedField, defineLazyField } from '../../../../engine/store/lazyField.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-lazy-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('lazy fields', () => {
  it('computes a field once, on first read, and lets a write replace it unread', () => {
    let computed = 0
    const node: Record<string, unknown> = { title: 'A' }
    defineLazyField(node, 'body', () => ({ computed: ++computed }))
    defineLazyField(node, 'text', () => {
      throw new Error('never read')
    })
    expect(computed).toBe(0)
    expect(node.body).toEqual({ computed: 1 })
    expect(node.body).toEqual({ computed: 1 })
    expect(computed).toBe(1)
    node.text = 'set before any read'
    expect(node.text).toBe('set before any read')
    expect(Object.keys(node)).toEqual(['title', 'body', 'text'])
  })

  it('copies plain fields as plain fields, and a `__proto__` field as a field, not a prototype', () => {
    const source = JSON.parse('{"title":"A","__proto__":{"polluted":true}}') as Record<string, unknown>
    const target: Record<string, unknown> = {}
    copyFields(source, target, new Set())
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype)
    expect((target as { polluted?: boolean }).polluted).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')?.value).toEqual({ polluted: true })
    expect(Object.getOwnPropertyDescriptor(target, 'title')).toEqual({
      value: 'A',
      writable: true,
      enumerable: true,
      configurable: true,
    })
  })

  it('stays unread through copyFields and the node store', () => {
    const input: Record<string, unknown> = {
      type: 'Page',
      key: 'a.md',
      title: 'A',
      internal: { contentDigest: 'given' },
    }
    defineLazyField(input, 'body', () => {
      throw new Error('read too early')
    })
    const copy = {}
    copyFields(input, copy, new Set(['type']))
    expect(Object.getOwnPropertyDescriptor(copy, 'body')?.get).toBeTypeOf('function')
    const node = new NodeStore().createNode(input as never, 'test')
    expect(node.title).toBe('A')
    expect(node.internal.contentDigest).toBe('given')
    expect(() => node.body).toThrow('read too early')
  })

  it('stays unread through a copy of a copy (the copy is copied with the same care)', () => {
    const input: Record<string, unknown> = { title: 'A' }
    defineLazyField(input, 'body', () => {
      throw new Error('read too early')
    })
    const copy = {}
    copyFields(input, copy, new Set())
    const second: Record<string, unknown> = {}
    copyFields(copy, second, new Set())
    expect(Object.getOwnPropertyDescriptor(second, 'body')?.get).toBeTypeOf('function')
    expect(second.title).toBe('A')
  })

  it('copies an object with no lazy field key by key, skipping the fields named', () => {
    const target: Record<string, unknown> = {}
    copyFields({ id: 'x', title: 'A', toc: [1], nested: { a: 1 } }, target, new Set(['id']))
    expect(target).toEqual({ title: 'A', toc: [1], nested: { a: 1 } })
  })
})

describe('computed fields', () => {
  it('compute on every read, for the object read (a copy computes for itself), and a write sets a plain value', () => {
    const node: Record<string, unknown> = { title: 'A' }
    defineComputedField(node, 'shout', function (this: Record<string, unknown>) {
      return { text: `${String(this.title)}!` }
    })
    const first = node.shout
    expect(first).toEqual({ text: 'A!' })
    expect(node.shout).not.toBe(first)
    const copy: Record<string, unknown> = { title: 'B' }
    copyFields(node, copy, new Set(['title']))
    expect(copy.shout).toEqual({ text: 'B!' })
    node.shout = 'set'
    expect(Object.getOwnPropertyDescriptor(node, 'shout')).toEqual({
      value: 'set',
      writable: true,
      enumerable: true,
      configurable: true,
    })
  })
})

describe('markdown cache entries', () => {
  it("of a one-shot build read the body from disk at each read and keep none; a dev server's keep it", async () => {
    const oneShotDir = path.join(dir, 'one-shot')
    const write = createMarkdownCache({ dir: oneShotDir, salt: 'test', keepInMemory: false })
    const key = write.key('# A', 'a.md')
    write.set(key, {
      frontmatter: {},
      title: 'A',
      toc: [],
      anchors: [],
      body: { type: 'root', children: [{ type: 'text', value: 'A' }] },
      text: 'A',
      sections: [],
      links: [],
      warnings: [],
    } as never)
    await write.flush()
    const oneShot = createMarkdownCache({ dir: oneShotDir, salt: 'test', keepInMemory: false }).get(key)
    const body = oneShot?.body
    expect(body).toEqual({ type: 'root', children: [{ type: 'text', value: 'A' }] })
    expect(oneShot?.body).not.toBe(body)
    expect(Object.getOwnPropertyDescriptor(oneShot, 'body')?.get).toBeTypeOf('function')
    const kept = createMarkdownCache({ dir: oneShotDir, salt: 'test', keepInMemory: true }).get(key)
    expect(kept?.body).toBe(kept?.body)
  })

  it('parse sections, body and text only when read', async () => {
    const write = createMarkdownCache({ dir, salt: 'test', keepInMemory: false })
    const key = write.key('# A', 'a.md')
    const result = {
      frontmatter: { title: 'A' },
      title: 'A',
      toc: [],
      anchors: ['a'],
      body: { type: 'root', children: [] },
      text: 'A',
      sections: [{ anchor: '', heading: 'A', depth: 1, text: 'A' }],
      warnings: [],
    }
    write.set(key, result as never)
    // Written in the background: on disk once flushed.
    await write.flush()
    // A second cache reads the file (the first one would answer from memory).
    const read = createMarkdownCache({ dir, salt: 'test', keepInMemory: false }).get(key)
    expect(read?.title).toBe('A')
    for (const field of ['sections', 'body', 'text'])
      expect(Object.getOwnPropertyDescriptor(read, field)?.get).toBeTypeOf('function')
    expect(JSON.parse(JSON.stringify(read))).toEqual(result)
  })
})
