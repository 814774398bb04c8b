import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createRebuildQueue, FileSnapshots } from '../../../../engine/server/rebuildQueue.ts'

/** A rebuild that records what it was given and waits until released. */
function controlledRebuild() {
  const runs: string[][] = []
  const releases: (() => void)[] = []
  let active = 0
  let overlapped = false
  const rebuild = (files: string[]) => {
    runs.push(files)
    active++
    if (active > 1) overlapped = true
    return new Promise<void>((resolve) =>
      releases.push(() => {
        active--
        resolve()
      }),
    )
  }
  return { rebuild, runs, release: () => releases.shift()?.(), overlapped: () => overlapped }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createRebuildQueue', () => {
  it('runs one rebuild at a time and one more for every save made during it', async () => {
    const control = controlledRebuild()
    const queue = createRebuildQueue(control.rebuild)
    queue.schedule('a.md')
    await tick()
    queue.schedule('a.md')
    queue.schedule('b.md')
    queue.schedule('a.md')
    expect(control.runs).toEqual([['a.md']])
    control.release()
    await tick()
    expect(control.runs).toEqual([['a.md'], ['a.md', 'b.md']])
    control.release()
    await queue.idle()
    expect(control.runs).toHaveLength(2)
    expect(control.overlapped()).toBe(false)
  })

  it('goes on after a rebuild that throws', async () => {
    const runs: string[][] = []
    const queue = createRebuildQueue(async (files) => {
      runs.push(files)
      if (runs.length === 1) throw new Error('broken')
    })
    queue.schedule('a.md')
    queue.schedule('b.md')
    await queue.idle()
    queue.schedule('c.md')
    await queue.idle()
    expect(runs).toEqual([['a.md'], ['b.md'], ['c.md']])
  })

  it('skips an event for a file that has not changed since the last one', async () => {
    const runs: string[][] = []
    const queue = createRebuildQueue(
      async (files) => void runs.push(files),
      (file) => file !== 'same.md',
    )
    queue.schedule('same.md')
    await queue.idle()
    expect(runs).toEqual([])
  })
})

describe('FileSnapshots', () => {
  let dir = ''
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('counts the first event and each new content, not the second watcher’s copy of a save', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-snapshots-'))
    const file = path.join(dir, 'page.md')
    const snapshots = new FileSnapshots()
    fs.writeFileSync(file, 'one')
    expect(snapshots.changed(file)).toBe(true)
    expect(snapshots.changed(file)).toBe(false)
    fs.writeFileSync(file, 'two')
    expect(snapshots.changed(file)).toBe(true)
    fs.rmSync(file)
    expect(snapshots.changed(file)).toBe(true)
    expect(snapshots.changed(file)).toBe(false)
    // Restored as it was before the delete: still a change (it was missing).
    fs.writeFileSync(file, 'two')
    expect(snapshots.changed(file)).toBe(true)
  })
})

describe('createRebuildQueue and a watcher that drops events', () => {
  it('rebuilds again when a file changed during its rebuild without an event', async () => {
    let content = ''
    let seen: string | null = null
    const isChanged = () => {
      if (seen === content) return false
      seen = content
      return true
    }
    const read: string[] = []
    const queue = createRebuildQueue(async () => {
      read.push(content)
      // The rest of the save lands while the rebuild runs; its event was dropped.
      if (read.length === 1) content = 'full'
    }, isChanged)
    queue.schedule('config.ts')
    await queue.idle()
    expect(read).toEqual(['', 'full'])
  })
})

describe('createRebuildQueue and a save caught between its truncate and its write', () => {
  it('waits for the rest of the save instead of rebuilding the empty file', async () => {
    let content = ''
    let seen: string | null = null
    const isChanged = () => {
      if (seen === content) return false
      seen = content
      return true
    }
    const read: string[] = []
    const queue = createRebuildQueue(
      async () => void read.push(content),
      isChanged,
      () => content === '',
    )
    queue.schedule('page.md')
    setTimeout(() => (content = 'saved'), 5)
    await queue.idle()
    expect(read).toEqual(['saved'])
  })
})

describe('createRebuildQueue and a forced entry', () => {
  it('runs it once, whatever the change check says of it', async () => {
    const runs: string[][] = []
    const queue = createRebuildQueue(
      async (files) => void runs.push(files),
      () => true,
    )
    queue.schedule('\0full', true)
    // Not a file: the check would call it changed forever.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(runs).toEqual([['\0full']])
  })
})
