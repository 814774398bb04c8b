import { describe, expect, it } from 'vitest'
import type { HighlightAhead } from '../../../../engine/markdown/highlightAhead.ts'
import type { MarkdownProcessor, MarkdownResult } from '../../../../engine/markdown/processor.ts'
import { createMarkdownCache, type MarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import { warmMarkdownCache } from '../../../../engine/sources/warmMarkdownCache.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

// A small site's cold build parses its pages on the main thread while a worker highlights their
// code blocks; the worker pool hands the worker its next batch from the main thread's event loop.
// The pages must therefore parse in tasks of their own, with the thread's messages handled between
// them: started in one go, every parse ran before any message, and the worker sat idle.

const file = (index: number) => ({ id: `file-${index}`, type: 'File', relativePath: `page-${index}.md`, sourcePath: `content/page-${index}.md`, content: `# Page ${index}\n` }) as unknown as SheafNode

const emptyResult = (file: string): MarkdownResult => ({ frontmatter: {}, title: file, toc: [], anchors: [], body: { type: 'root', children: [] }, text: '', sections: [], links: [], warnings: [] })

/** Warms the cache on the main thread (a highlight worker taking every block), as a small site's cold build does. */
function warmAhead(nodes: SheafNode[], cache: MarkdownCache, processor: MarkdownProcessor): Promise<number> {
  const highlightAhead: HighlightAhead = { start: () => true, take: () => undefined, finish: () => undefined }
  return warmMarkdownCache(nodes, cache, { workers: true, threads: 2, highlightAhead, processor, codeThemes: { light: 'github-light', dark: 'github-dark' }, sanitize: true, components: {}, highlightDir: null })
}

/** Waits until every node's transform has settled in the cache; its keys. */
async function settled(nodes: SheafNode[], cache: MarkdownCache): Promise<string[]> {
  const keys = nodes.map((node) => cache.key(String(node.content), String(node.sourcePath)))
  await Promise.all(keys.map((key) => cache.settled(key)))
  return keys
}

/** The message was handled among the first pages, and every page was transformed all the same, in order. */
function expectMessageBetweenPages(events: string[], nodes: SheafNode[]): void {
  expect(events).toHaveLength(nodes.length + 1)
  expect(events.indexOf('message handled')).toBeLessThan(3)
  expect(events.filter((event) => event !== 'message handled')).toEqual(nodes.map((node) => node.sourcePath))
}

describe('the main thread’s transform ahead of a highlight worker', () => {
  it('starts each page in a task of its own, so messages are handled between pages', async () => {
    const events: string[] = []
    const processor: MarkdownProcessor = {
      maxPageSize: 1_000_000,
      async process(input) {
        events.push(input.file)
        return emptyResult(input.file)
      },
    }
    const cache = createMarkdownCache({ dir: null, salt: 'test', keepInMemory: true })
    const nodes = Array.from({ length: 6 }, (_, index) => file(index))
    await warmAhead(nodes, cache, processor)
    // A message arriving now (a worker's answer) is handled before the last pages start.
    setImmediate(() => events.push('message handled'))
    const keys = await settled(nodes, cache)
    expectMessageBetweenPages(events, nodes)
    expect(keys.every((key) => cache.get(key) !== undefined)).toBe(true)
  })

  it('parses one page a task even when every call first waits for the processor to load', async () => {
    // The build's processor loads its modules on first use: every page's call waits for that one
    // promise, and once it resolves they all continue in the same chain of microtasks.
    const events: string[] = []
    let loaded: () => void = () => undefined
    const loading = new Promise<void>((resolve) => (loaded = resolve))
    const processor: MarkdownProcessor = {
      maxPageSize: 1_000_000,
      async process(input) {
        await loading
        events.push(input.file)
        input.onParsed?.()
        return emptyResult(input.file)
      },
    }
    const cache = createMarkdownCache({ dir: null, salt: 'test', keepInMemory: true })
    const nodes = Array.from({ length: 6 }, (_, index) => file(index))
    await warmAhead(nodes, cache, processor)
    await new Promise((resolve) => setTimeout(resolve, 20))
    loaded()
    // Once loaded, a message arriving (a worker's answer) is handled before the last pages parse.
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    setImmediate(() => events.push('message handled'))
    await settled(nodes, cache)
    expectMessageBetweenPages(events, nodes)
  })

  it('goes on to the next page when one fails before it parses', async () => {
    const processor: MarkdownProcessor = {
      maxPageSize: 1_000_000,
      async process(input) {
        if (input.file.endsWith('page-1.md')) throw new Error('broken front-matter')
        input.onParsed?.()
        return emptyResult(input.file)
      },
    }
    const cache = createMarkdownCache({ dir: null, salt: 'test', keepInMemory: true })
    const nodes = Array.from({ length: 4 }, (_, index) => file(index))
    await warmAhead(nodes, cache, processor)
    const keys = await settled(nodes, cache)
    // The failed page is left to the transform (which reports it); the others are cached.
    expect(keys.map((key) => cache.get(key) !== undefined)).toEqual([true, false, true, true])
  })
})
