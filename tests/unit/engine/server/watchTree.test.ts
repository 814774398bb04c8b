import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { watchTree, type TreeWatcher } from '../../../../engine/server/watchTree.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A folder tree (`a/b/page.md`, `top.md`) watched, with the files reported so far. */
function watchedTree(): { dir: string; seen: Set<string>; watcher: TreeWatcher } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-watch-tree-'))
  fs.mkdirSync(path.join(dir, 'a/b'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'a/b/page.md'), '# Page\n')
  fs.writeFileSync(path.join(dir, 'top.md'), '# Top\n')
  const seen = new Set<string>()
  const watcher = watchTree(dir, (file) => seen.add(file))
  cleanups.push(() => {
    watcher.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  return { dir, seen, watcher }
}

async function until(done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !done(); attempt++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done()).toBe(true)
}

describe('watchTree', () => {
  it('reports a write to a file at any depth, and nothing before', async () => {
    const { dir, seen } = watchedTree()
    await new Promise((resolve) => setTimeout(resolve, 50))
    // (Node's recursive watch reports every file it finds when it starts.)
    expect([...seen]).toEqual([])
    fs.writeFileSync(path.join(dir, 'a/b/page.md'), '# Page, saved\n')
    fs.writeFileSync(path.join(dir, 'top.md'), '# Top, saved\n')
    await until(() => seen.has(path.join(dir, 'a/b/page.md')) && seen.has(path.join(dir, 'top.md')))
  })

  it('watches a folder created later, and reports the files written into it at once', async () => {
    const { dir, seen } = watchedTree()
    // Created with its file before the watch can have seen the folder.
    fs.mkdirSync(path.join(dir, 'a/new/deeper'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'a/new/deeper/first.md'), '# First\n')
    await until(() => seen.has(path.join(dir, 'a/new/deeper/first.md')))
    // And the new folder is watched from then on.
    fs.writeFileSync(path.join(dir, 'a/new/deeper/second.md'), '# Second\n')
    await until(() => seen.has(path.join(dir, 'a/new/deeper/second.md')))
  })

  it('reports a removed or renamed file, and goes on after a watched folder is removed', async () => {
    const { dir, seen } = watchedTree()
    fs.renameSync(path.join(dir, 'top.md'), path.join(dir, 'renamed.md'))
    await until(() => seen.has(path.join(dir, 'top.md')) && seen.has(path.join(dir, 'renamed.md')))
    fs.rmSync(path.join(dir, 'a'), { recursive: true })
    await until(() => seen.has(path.join(dir, 'a')))
    fs.writeFileSync(path.join(dir, 'after.md'), '# After\n')
    await until(() => seen.has(path.join(dir, 'after.md')))
  })

  it('reports nothing once closed', async () => {
    const { dir, seen, watcher } = watchedTree()
    watcher.close()
    fs.writeFileSync(path.join(dir, 'a/b/page.md'), '# Page, saved\n')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect([...seen]).toEqual([])
  })
})
