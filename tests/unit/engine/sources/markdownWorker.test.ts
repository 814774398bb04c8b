import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import transformShare, { prepare, type MarkdownShareMessage } from '../../../../engine/sources/markdownWorker.ts'

// A one-shot build's markdown workers store each result in the cache themselves and send back
// only that they did: the main thread then reads a page's body from disk when it renders, and a
// 5,000-page build no longer holds every parsed body on its thread.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-markdown-worker-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const salt = 'markdown-worker-test'
const source = '# Install\n\nSee [the guide](./guide.md).\n\n```ts\nconst a = 1\n```\n'

/** Runs the worker's task here (the same module a worker thread runs), collecting what it posts. */
async function share(entryDir: string, file: string): Promise<{ messages: MarkdownShareMessage[]; key: string }> {
  await prepare({
    codeThemes: { light: 'github-light', dark: 'github-dark' },
    sanitize: true,
    components: {},
    cache: false,
    entryDir,
  })
  const key = createMarkdownCache({ dir: entryDir, salt, keepInMemory: false }).key(source, file)
  const channel = new MessageChannel()
  const messages: MarkdownShareMessage[] = []
  const done = new Promise<void>((resolve) =>
    channel.port1.on('message', (message: MarkdownShareMessage) => {
      messages.push(message)
      if (message.done) resolve()
    }),
  )
  await transformShare({ jobs: [{ key, source, file, portable: false }], port: channel.port2 })
  await done
  channel.port1.close()
  return { messages, key }
}

describe('a markdown worker with the cache folder', () => {
  beforeAll(() => fs.mkdirSync(path.join(dir, 'cache')))

  it('stores the result there and sends back only that it did; the cache reads it as the worker made it', async () => {
    const entryDir = path.join(dir, 'cache')
    const { messages, key } = await share(entryDir, 'content/install.md')
    expect(messages.flatMap((message) => message.results)).toEqual([{ key, stored: true }])
    const read = createMarkdownCache({ dir: entryDir, salt, keepInMemory: false }).get(key)
    expect(read?.title).toBe('Install')
    expect(read?.links).toEqual([{ tag: 'a', href: './guide.md', line: 3, column: 5 }])
    expect(JSON.stringify(read?.body)).toContain('code-block')
  })

  it('sends the result itself when the folder cannot take it (here: a file in its place)', async () => {
    const entryDir = path.join(dir, 'not-a-folder')
    fs.writeFileSync(entryDir, '')
    const { messages, key } = await share(entryDir, 'content/other.md')
    const [item] = messages.flatMap((message) => message.results)
    expect(item.key).toBe(key)
    expect(item.stored).toBeUndefined()
    expect(item.result?.title).toBe('Install')
  })
})
