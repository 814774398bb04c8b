import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isSheafError } from '../../../../engine/errors.ts'
import { runInWorker, startWorker } from '../../../../engine/workers/runInWorker.ts'

// Task modules written for the test: JavaScript (.mjs, as the temporary folder has no package.json), as a plugin
// package ships them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-worker-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const task = (name: string, source: string) => {
  const file = path.join(dir, `${name}.mjs`)
  fs.writeFileSync(file, source)
  return file
}

describe('runInWorker', () => {
  it("runs a module's default export on another thread and returns its result", async () => {
    const file = task(
      'sum',
      "import { threadId } from 'node:worker_threads'\n" +
        'export default async (input) => ({ sum: input.numbers.reduce((a, b) => a + b, 0), threadId })',
    )
    const output = await runInWorker<{ numbers: number[] }, { sum: number; threadId: number }>(file, {
      numbers: [1, 2, 3, 4],
    })
    expect(output.sum).toBe(10)
    expect(output.threadId).not.toBe(0)
  }, 30_000)

  it("rejects with the task's error, keeping a SheafError's file and hint", async () => {
    const file = task('fails', "export default () => { throw new Error('no such page') }")
    await expect(runInWorker(file, {})).rejects.toThrow('no such page')
    const sheaf = task(
      'failsClearly',
      `import { SheafError } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../../../dist/engine/errors.js'))}\nexport default () => { throw new SheafError('bad index', { file: 'content/a.md', line: 3, hint: 'fix it' }) }`,
    )
    const error = await runInWorker(sheaf, {}).catch((caught: unknown) => caught)
    expect(isSheafError(error)).toBe(true)
    expect(error).toMatchObject({ message: 'bad index', file: 'content/a.md', line: 3, hint: 'fix it' })
  }, 30_000)

  it('starts a worker that prepares once, then answers each run in turn', async () => {
    const file = task(
      'counter',
      'let base = 0\nlet runs = 0\nexport function prepare(init) { base = init.base }\n' +
        'export default (input) => ({ total: base + input.add, runs: ++runs })',
    )
    const worker = startWorker<{ add: number }, { total: number; runs: number }>(file, { base: 100 })
    try {
      expect(await worker.run({ add: 1 })).toEqual({ total: 101, runs: 1 })
      expect(await worker.run({ add: 2 })).toEqual({ total: 102, runs: 2 })
    } finally {
      worker.close()
    }
  }, 30_000)

  it("moves a result's buffers given to movedResult instead of copying them", async () => {
    // The worker keeps its view: once moved, its buffer is detached there (zero bytes long).
    const movedResult = JSON.stringify(
      path.resolve(import.meta.dirname, '../../../../dist/engine/workers/movedResult.js'),
    )
    const file = task(
      'moves',
      `import { movedResult } from ${movedResult}\nlet kept = null\nexport default (input) => {\n` +
        `  if (input.check) return { keptLength: kept.buffer.byteLength }\n` +
        `  kept = new TextEncoder().encode('a result of some size')\n` +
        `  return movedResult({ name: 'index', bytes: kept }, [kept.buffer])\n}`,
    )
    const worker = startWorker<{ check?: boolean }, { name: string; bytes: Uint8Array } & { keptLength: number }>(file)
    try {
      const result = await worker.run({})
      expect(result.name).toBe('index')
      expect(new TextDecoder().decode(result.bytes)).toBe('a result of some size')
      expect((await worker.run({ check: true })).keptLength).toBe(0)
    } finally {
      worker.close()
    }
  }, 30_000)
})
