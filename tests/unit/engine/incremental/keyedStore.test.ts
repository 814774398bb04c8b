import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { KeyedStore } from '../../../../engine/incremental/keyedStore.ts'

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-keyed-store-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

describe('a keyed store', () => {
  it('gives back what was put, sync or async, and a miss for an entry missing, cut short or damaged', async () => {
    const store = new KeyedStore(path.join(temp, 'a'), { extension: '.json' })
    store.put('one', '{"a":1}')
    await store.putAsync('two', Buffer.from('two'))
    expect(store.getJson('one')).toEqual({ a: 1 })
    expect((await store.getAsync('two'))?.toString()).toBe('two')
    expect(store.get('three')).toBeNull()
    expect(await store.getAsync('three')).toBeNull()
    fs.truncateSync(store.fileOf('one'), fs.statSync(store.fileOf('one')).size - 1)
    expect(store.getText('one')).toBeNull()
    expect(store.has('one')).toBe(true)
    fs.writeFileSync(store.fileOf('two'), '{"written":"by hand"}')
    expect(store.get('two')).toBeNull()
  })

  it('tells by a stat whether an entry has the length recorded for it', () => {
    const store = new KeyedStore(path.join(temp, 'b'), { extension: '.png' })
    store.put('card', new Uint8Array(300))
    expect(store.hasWhole('card', 300)).toBe(true)
    expect(store.hasWhole('card', 299)).toBe(false)
    fs.truncateSync(store.fileOf('card'), 100)
    expect(store.hasWhole('card', 300)).toBe(false)
    expect(store.hasWhole('missing', 300)).toBe(false)
  })

  it('names a key that is no plain file name by its digest, inside the folder', () => {
    const store = new KeyedStore(path.join(temp, 'c'), { extension: '.json', fanOut: true })
    const file = store.fileOf('../../outside/a key')
    expect(path.dirname(path.dirname(file))).toBe(path.join(temp, 'c'))
    expect(path.basename(file)).toMatch(/^[0-9a-f]{40}\.json$/)
    store.put('../../outside/a key', 'x')
    expect(store.getText('../../outside/a key')).toBe('x')
    expect(path.basename(store.fileOf('f00d.body'))).toBe('f00d.body.json')
    expect(path.basename(path.dirname(store.fileOf('f00d.body')))).toBe('f0')
  })

  it('keeps only the entries asked for, and leaves files that are not its own', async () => {
    const dir = path.join(temp, 'd')
    const store = new KeyedStore(dir, { extension: '.json', fanOut: true })
    for (const key of ['aa1', 'aa2', 'bb1', 'a long key']) store.put(key, key)
    fs.writeFileSync(path.join(dir, 'aa', 'notes.txt'), 'mine')
    await store.keepOnly(['aa1', 'a long key'])
    expect(['aa1', 'aa2', 'bb1', 'a long key'].filter((key) => store.has(key))).toEqual(['aa1', 'a long key'])
    expect(fs.readFileSync(path.join(dir, 'aa', 'notes.txt'), 'utf8')).toBe('mine')
    await new KeyedStore(path.join(temp, 'missing'), { extension: '.json' }).keepOnly([])
  })
})
