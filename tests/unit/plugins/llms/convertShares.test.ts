import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { convertJobs, convertTwins, twinParts, type TwinBatch } from '../../../../plugins/llms/convertTwins.ts'
import { TwinCache } from '../../../../plugins/llms/twinCache.ts'

// A build converts the twins its cache lacks in shares, one per worker thread; the main thread
// keeps the cache. Each share must convert as the whole batch does: links resolve against every route.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-twin-shares-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const batch: TwinBatch = {
  jobs: ['a', 'b', 'c'].map((name, index) => ({
    path: `/docs/${name}`,
    title: name.toUpperCase(),
    sourcePath: `13.x/docs/${name}.md`,
    source: `---\ntitle: ${name.toUpperCase()}\n---\n\nSee [the next page](./${['b', 'c', 'a'][index]}.md) and :::tip\nhi\n:::\n`,
    versionPrefix: '',
  })),
  routeOfSource: ['a', 'b', 'c'].map((name) => [`docs/${name}.md`, `/docs/${name}`]),
  routes: ['/docs/a', '/docs/b', '/docs/c'],
  siteUrl: 'https://example.org',
  base: '/',
}

describe('twins converted in shares', () => {
  it('are the twins of the whole batch, with links resolved against every route, and fill the cache the next build reads', () => {
    const whole = convertTwins(batch, new TwinCache(path.join(dir, 'whole')))
    const shares = [...convertJobs(batch, batch.jobs.slice(0, 1)), ...convertJobs(batch, batch.jobs.slice(1))]
    expect(shares).toEqual(whole)
    expect(shares[2][1]).toContain('(https://example.org/docs/a)')

    const cache = new TwinCache(path.join(dir, 'shares'))
    const partsOf = twinParts(batch)
    for (const [route, body] of shares) cache.put(partsOf(batch.jobs.find((job) => job.path === route)!), body)
    cache.save()
    const next = new TwinCache(path.join(dir, 'shares'))
    for (const [index, job] of batch.jobs.entries()) expect(next.peek(partsOf(job))).toBe(whole[index][1])
    // Another route set is another key: links may resolve differently.
    expect(next.peek(twinParts({ ...batch, routes: [...batch.routes, '/docs/d'], routeOfSource: [...batch.routeOfSource, ['docs/d.md', '/docs/d']] })(batch.jobs[0]))).toBeUndefined()
  })
})
