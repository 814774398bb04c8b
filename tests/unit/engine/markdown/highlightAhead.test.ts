import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createHighlightAhead, type HighlightAhead } from '../../../../engine/markdown/highlightAhead.ts'
import { outputTree } from '../outputTree.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const themes = { light: 'github-light', dark: 'github-dark' }
const page = (index: number) =>
  [`# Page ${index}`, '', '```tsx {1}', `export const Screen${index} = () => <Text>Hello ${index}</Text>`, '```', '', '```bash', `npm test -- page-${index}`, '```', '', '```nosuchlang', 'plain', '```', ''].join('\n')

let ahead: HighlightAhead | null = null
afterEach(() => ahead?.finish())

describe('highlightAhead', () => {
  it('highlights the fences of raw markdown in a worker, exactly as the main thread would', async () => {
    ahead = createHighlightAhead()
    ahead.start(Array.from({ length: 20 }, (_, index) => page(index)), themes)
    const local = await createCodeHighlighter(themes)
    const fromWorker = await ahead.take('tsx', '{1}', 'export const Screen7 = () => <Text>Hello 7</Text>')
    expect(fromWorker).toContain('--shiki-dark')
    expect(fromWorker).toBe(await local.highlight('export const Screen7 = () => <Text>Hello 7</Text>', 'tsx', new Set([1])))
    expect(await ahead.take('bash', '', 'npm test -- page-19')).toBe(await local.highlight('npm test -- page-19', 'bash', new Set()))
    // A language the highlighter does not know comes back empty: the transform warns about it.
    expect(await ahead.take('nosuchlang', '', 'plain')).toBeUndefined()
    // A block that was not in the sources, or differs in any way, is not there.
    expect(ahead.take('tsx', '', 'export const Screen7 = () => <Text>Hello 7</Text>')).toBeUndefined()
  }, 60_000)

  it('answers batches in the order they were sent, each as soon as it is done', async () => {
    // The worker gets every batch at once; run side by side, a long first batch would finish after a short second one.
    const { default: highlightFences } = await import('../../../../engine/markdown/highlightTask.ts')
    const fence = (code: string) => ({ lang: 'tsx', meta: '', code })
    const finished: string[] = []
    const long = highlightFences({ themes, fences: Array.from({ length: 8 }, (_, index) => fence(`const a${index} = <View>{${index}}</View>`)) }).then(() => finished.push('long'))
    const short = highlightFences({ themes, fences: [fence('const b = 1')] }).then(() => finished.push('short'))
    await Promise.all([long, short])
    expect(finished).toEqual(['long', 'short'])
  }, 60_000)

  it('posts each fence on the port as soon as it is highlighted, then says it is done', async () => {
    // One task holds every fence: the worker never waits for the main thread to hand it the next batch.
    const { default: highlightFences } = await import('../../../../engine/markdown/highlightTask.ts')
    const { MessageChannel } = await import('node:worker_threads')
    const channel = new MessageChannel()
    const messages: unknown[] = []
    const ended = new Promise<void>((resolve) =>
      channel.port1.on('message', (message: { done?: boolean }) => {
        messages.push(message)
        if (message.done) resolve()
      }),
    )
    const fences = [{ lang: 'tsx', meta: '', code: 'const a = <View />' }, { lang: 'nosuchlang', meta: '', code: 'plain' }, { lang: 'bash', meta: '{1}', code: 'npm test' }]
    const answer = await highlightFences({ themes, fences, port: channel.port2 })
    await ended
    channel.port1.close()
    expect(answer).toEqual([])
    const local = await createCodeHighlighter(themes)
    expect(messages).toEqual([
      { index: 0, html: await local.highlight('const a = <View />', 'tsx', new Set()) },
      { index: 1, html: null },
      { index: 2, html: await local.highlight('npm test', 'bash', new Set([1])) },
      { done: true },
    ])
  }, 60_000)

  it('starts no worker for a handful of blocks', () => {
    ahead = createHighlightAhead()
    ahead.start([page(1)], themes)
    expect(ahead.take('bash', '', 'npm test -- page-1')).toBeUndefined()
  })
})

describe('a small site whose blocks are highlighted ahead', () => {
  const root = path.resolve(import.meta.dirname, '../../../..')
  const site = path.join(root, `tests/fixtures/.tmp-ahead-${process.pid}`)
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
  afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

  it('builds the same site as a build that highlights every block on the main thread', async () => {
    copyBasicFixture(site)
    for (let index = 0; index < 20; index++) fs.writeFileSync(path.join(site, 'content/docs', `ahead-${index}.md`), page(index))
    // Cold, with a cache: the main thread transforms these pages and a worker highlights their blocks.
    const ahead = await build(site, { outDir: 'out-ahead', sink: quiet })
    const local = await build(site, { outDir: 'out-local', sink: quiet, workers: false, cache: false })
    expect(outputTree(path.join(site, 'out-ahead'))).toEqual(outputTree(path.join(site, 'out-local')))
    expect(fs.readFileSync(path.join(site, 'out-ahead/docs/ahead-3.html'), 'utf8')).toContain('Screen3')
    // The unknown language is still reported, once per page.
    expect(ahead.warnings.filter((warning) => warning.includes('nosuchlang'))).toHaveLength(20)
    expect(local.warnings.filter((warning) => warning.includes('nosuchlang'))).toHaveLength(20)
  }, 120_000)
})
