import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { emitShardFiles } from '../../../../plugins/search/emitShardFiles.ts'
import { contentName } from '../../../../plugins/search/indexShards.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-shard-emit-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

test('a rebuild links the shard files the replaced output already has, and writes only the new ones', async () => {
  const unchanged = '{"index":[["render",{"2":{"1":3}}]]}'
  const changed = '{"index":[["screen",{"2":{"4":1}}]]}'
  const dir = 'static/search/13.x.en'
  // The output this build replaces holds the unchanged file under its content name.
  const previous = path.join(root, 'build')
  fs.mkdirSync(path.join(previous, dir, 's'), { recursive: true })
  fs.writeFileSync(path.join(previous, dir, `s/${contentName(unchanged)}.json`), unchanged)
  // A build writes into a staging folder beside it (createStagingDir's naming).
  const staging = path.join(root, '.build-staging-0123abcd')
  fs.mkdirSync(staging)
  const emitted: string[] = []
  const emitFile = async (relative: string, content: string) => {
    emitted.push(relative)
    fs.mkdirSync(path.dirname(path.join(staging, relative)), { recursive: true })
    fs.writeFileSync(path.join(staging, relative), content)
  }
  const files: [string, string][] = [
    [`s/${contentName(unchanged)}.json`, unchanged],
    [`s/${contentName(changed)}.json`, changed],
  ]
  expect(await emitShardFiles(staging, dir, files, emitFile)).toEqual({ written: 1, missing: [] })
  expect(emitted).toEqual([`${dir}/s/${contentName(changed)}.json`])
  const linked = path.join(staging, dir, `s/${contentName(unchanged)}.json`)
  expect(fs.readFileSync(linked, 'utf8')).toBe(unchanged)
  // The same file, not a copy: nothing was written for it.
  expect(fs.statSync(linked).ino).toBe(fs.statSync(path.join(previous, dir, `s/${contentName(unchanged)}.json`)).ino)
})

test('a first build (no output to replace) writes every file', async () => {
  const emitted: string[] = []
  expect(
    await emitShardFiles(
      path.join(root, 'out'),
      'static/search/en',
      [
        ['s/a.json', '{}'],
        ['meta.b.json', '{}'],
      ],
      async (relative) => void emitted.push(relative),
    ),
  ).toEqual({ written: 2, missing: [] })
  expect(emitted).toEqual(['static/search/en/s/a.json', 'static/search/en/meta.b.json'])
})

test('files are written several at a time, not one after the other', async () => {
  const files: [string, string][] = Array.from({ length: 100 }, (_, at) => [`d/${at}.json`, `{"at":${at}}`])
  let inFlight = 0
  let most = 0
  const emitted = new Set<string>()
  const emitFile = async (relative: string) => {
    most = Math.max(most, ++inFlight)
    await new Promise((resolve) => setTimeout(resolve, 1))
    emitted.add(relative)
    inFlight -= 1
  }
  expect(await emitShardFiles(path.join(root, 'parallel'), 'static/search/en', files, emitFile)).toEqual({
    written: 100,
    missing: [],
  })
  expect(emitted.size).toBe(100)
  expect(most).toBeGreaterThan(1)
  // Bounded: a big index does not open thousands of files at once.
  expect(most).toBeLessThanOrEqual(32)
})

test('a failed write starts no other, and is thrown once the writes in flight have ended', async () => {
  const files: [string, string][] = Array.from({ length: 200 }, (_, at) => [`d/${at}.json`, '{}'])
  let started = 0
  let inFlight = 0
  const emitFile = async (relative: string) => {
    started += 1
    inFlight += 1
    try {
      await new Promise((resolve) => setTimeout(resolve, 2))
      if (relative.endsWith('/d/40.json')) throw new Error('disk full')
    } finally {
      inFlight -= 1
    }
  }
  await expect(emitShardFiles(path.join(root, 'failing'), 'static/search/en', files, emitFile)).rejects.toThrow(
    'disk full',
  )
  // Nothing writes into the output after the build has failed.
  expect(inFlight).toBe(0)
  expect(started).toBeLessThan(files.length)
})

test(
  'files the worker did not send (unchanged since the last build) are taken from the previous output, ' +
    'and those it lacks reported',
  async () => {
    const dir = 'static/search/1.0.en'
    const previous = path.join(root, 'site')
    fs.mkdirSync(path.join(previous, dir, 's'), { recursive: true })
    fs.writeFileSync(path.join(previous, dir, 's/kept.json'), '{"kept":true}')
    const staging = path.join(root, '.site-staging-89abcdef')
    fs.mkdirSync(staging)
    const emitted: string[] = []
    const result = await emitShardFiles(staging, dir, [], async (relative) => void emitted.push(relative), [
      's/kept.json',
      's/lost.json',
    ])
    expect(result).toEqual({ written: 0, missing: ['s/lost.json'] })
    expect(emitted).toEqual([])
    expect(fs.readFileSync(path.join(staging, dir, 's/kept.json'), 'utf8')).toBe('{"kept":true}')
  },
)
