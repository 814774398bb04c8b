import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter, type CodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createHighlightStore } from '../../../../engine/markdown/highlightStore.ts'
import { createMarkdownProcessor } from '../../../../engine/markdown/processor.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-highlight-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const page = '# Page\n\n```ts {2}\nconst a: number = 1\nexport default a\n```\n\n```bash\nnpm test\n```\n'

/** The one folder of packs under a store's folder (it fails when there are more). */
function onlyFolder(storeDir: string): string {
  const folders = fs.readdirSync(storeDir)
  expect(folders).toHaveLength(1)
  return folders[0]
}

describe('highlight store', () => {
  it('gives back what was stored, and nothing for another engine version', async () => {
    const store = createHighlightStore(dir, 'engine-1')
    expect(store.get('ts\0const a = 1')).toBeUndefined()
    store.set('ts\0const a = 1', '<span>a</span>')
    expect(store.get('ts\0const a = 1')).toBe('<span>a</span>')
    await store.flush()
    expect(createHighlightStore(dir, 'engine-1').get('ts\0const a = 1')).toBe('<span>a</span>')
    expect(createHighlightStore(dir, 'engine-2').get('ts\0const a = 1')).toBeUndefined()
  })

  it('writes a flush as one pack, and merges the packs of many builds into one', async () => {
    const packs = path.join(dir, 'merging')
    const files = () => fs.readdirSync(path.join(packs, onlyFolder(packs)))
    const first = createHighlightStore(packs, 'engine-m')
    for (let block = 0; block < 50; block++) first.set(`ts\0block ${block}`, `<span>${block}</span>`)
    await first.flush()
    // Fifty blocks, two files: the blocks' HTML and where each one is.
    expect(files().filter((name) => !name.endsWith('.tmp'))).toHaveLength(2)
    // One block per build, as rebuilds after small edits add them.
    for (let build = 0; build < 30; build++) {
      const store = createHighlightStore(packs, 'engine-m')
      store.set(`ts\0build ${build}`, `<b>é ${build}</b>`)
      await store.flush()
    }
    expect(files().filter((name) => name.endsWith('.idx')).length).toBeLessThanOrEqual(25)
    const reader = createHighlightStore(packs, 'engine-m')
    expect(reader.get('ts\0block 49')).toBe('<span>49</span>')
    expect(reader.get('ts\0build 0')).toBe('<b>é 0</b>')
    expect(reader.get('ts\0build 29')).toBe('<b>é 29</b>')
    expect(reader.get('ts\0build 30')).toBeUndefined()
  })

  it('removes the blocks an older layout kept, a file each, once it writes', async () => {
    const old = path.join(dir, 'older')
    fs.mkdirSync(path.join(old, 'ab'), { recursive: true })
    fs.writeFileSync(path.join(old, 'ab', 'ab12.html'), '<span>old</span>')
    const store = createHighlightStore(old, 'engine-o')
    store.set('ts\0new', '<span>new</span>')
    await store.flush()
    expect(fs.readdirSync(old)).toEqual([expect.stringMatching(/^pack1-[0-9a-f]{12}$/)])
    expect(createHighlightStore(old, 'engine-o').get('ts\0new')).toBe('<span>new</span>')
  })

  it("removes an older engine's blocks once the newer one writes, and keeps its own", async () => {
    const site = path.join(dir, 'updated')
    const before = createHighlightStore(site, 'engine-before')
    before.set('ts\0kept?', '<span>before</span>')
    await before.flush()
    const olderFolder = onlyFolder(site)
    const after = createHighlightStore(site, 'engine-after')
    // Read before it writes: the older blocks are still there, but not its to read.
    expect(after.get('ts\0kept?')).toBeUndefined()
    after.set('ts\0kept?', '<span>after</span>')
    await after.flush()
    expect(onlyFolder(site)).not.toBe(olderFolder)
    expect(createHighlightStore(site, 'engine-after').get('ts\0kept?')).toBe('<span>after</span>')
    // The same engine writing again keeps its folder.
    const again = createHighlightStore(site, 'engine-after')
    again.set('ts\0more', '<span>more</span>')
    await again.flush()
    expect(createHighlightStore(site, 'engine-after').get('ts\0kept?')).toBe('<span>after</span>')
  })

  it('lets a later build transform a page without highlighting its unchanged blocks', async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
    const firstStore = createHighlightStore(dir, 'engine-3')
    const first = createMarkdownProcessor({ highlighter, highlightStore: firstStore, components: themeComponents, sanitize: true })
    const before = await first.process({ source: page, file: 'content/a.md', mdx: false })
    await firstStore.flush()
    // A highlighter that fails if asked: every block must come from the store.
    const refusing: CodeHighlighter = {
      ...highlighter,
      ensureLanguage: async () => {
        throw new Error('the store should have answered')
      },
      highlight: async () => {
        throw new Error('the store should have answered')
      },
    }
    const second = createMarkdownProcessor({ highlighter: refusing, highlightStore: createHighlightStore(dir, 'engine-3'), components: themeComponents, sanitize: true })
    const after = await second.process({ source: page, file: 'content/a.md', mdx: false })
    expect(after.body).toEqual(before.body)
    expect(JSON.stringify(after.body)).toContain('--shiki-light')
  }, 60_000)
})
