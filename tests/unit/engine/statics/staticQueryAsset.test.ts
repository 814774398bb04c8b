import { describe, expect, it } from 'vitest'
import { staticQueryAsset } from '../../../../engine/statics/staticQueryAsset.ts'

describe('staticQueryAsset', () => {
  it('names the file by its content, under the base', () => {
    const asset = staticQueryAsset({ a1: { site: { title: 'Docs' } } }, '/docs/')
    expect(asset.file).toMatch(/^_sheaf\/static\/[0-9a-f]{16}\.json$/)
    expect(asset.url).toBe(`/docs/${asset.file}`)
    expect(staticQueryAsset({ a1: { site: { title: 'Other' } } }, '/docs/').file).not.toBe(asset.file)
    expect(JSON.parse(asset.json)).toEqual({ a1: { site: { title: 'Docs' } } })
  })

  it('writes a `</script>` in data so that it cannot end a script element, and reads it back as written', () => {
    const name = 'Grace </script><script>window.__pwned = true</script><!--'
    const asset = staticQueryAsset({ a1: { team: [{ name }] } }, '/')
    expect(asset.json).not.toMatch(/[<>]/)
    expect(asset.json).not.toContain('\u2028')
    expect((JSON.parse(asset.json) as { a1: { team: { name: string }[] } }).a1.team[0].name).toBe(name)
  })

  it('keeps an `__proto__` key of the data as data: read back, it is an own key and no prototype changes', () => {
    // A JSON field (front-matter, a data file) can hold any key; JSON.parse makes this one a real own key.
    const data = JSON.parse('{"extra":{"__proto__":{"polluted":true}}}') as Record<string, unknown>
    const asset = staticQueryAsset({ a1: data }, '/')
    const read = JSON.parse(asset.json) as { a1: { extra: Record<string, unknown> } }
    expect(Object.hasOwn(read.a1.extra, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(read.a1.extra)).toBe(Object.prototype)
    expect((read.a1.extra as { polluted?: unknown }).polluted).toBeUndefined()
  })
})
