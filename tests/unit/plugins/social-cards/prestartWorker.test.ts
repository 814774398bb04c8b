import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

// Issue 22: a cold build's last wait was the card worker loading satori, resvg and the fonts
// after the pages were known. A build with no card cached starts that worker with the build.

const started = vi.hoisted(() => [] as { module: string; closed: boolean }[])
vi.mock('sheaf', async (importOriginal) => {
  const actual = await importOriginal<typeof import('sheaf')>()
  return {
    ...actual,
    startWorker: (module: URL | string) => {
      const entry = { module: String(module), closed: false }
      started.push(entry)
      return { run: async () => [], close: () => void (entry.closed = true) }
    },
  }
})

// Fresh copies of the modules, which import the mocked `sheaf`: another test file in this worker may
// have loaded them with the real one (without isolation, workers keep modules between files).
vi.resetModules()
const { socialCards } = await import('../../../../plugins/social-cards/index.ts')
const { CardStore } = await import('../../../../plugins/social-cards/cardStore.ts')
const { writeCacheEntry } = await import('sheaf/cache')

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-card-prestart-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))
beforeEach(() => void started.splice(0))

const siteOf = (mode: 'build' | 'develop') => ({ root: temp, base: '/', mode, concurrency: 2 })
const sourceApi = (mode: 'build' | 'develop') => ({
  site: siteOf(mode),
  reporter: { info() {}, warn() {}, error() {} },
  createNode: () => ({}) as never,
  createNodeId: String,
  createContentDigest: String,
})

describe('the social cards worker of a cold build', () => {
  it('starts with the build when no card is cached, and is closed when nothing draws', async () => {
    const plugin = socialCards({ cacheDir: path.join(temp, 'empty') })
    await plugin.sourceNodes?.(sourceApi('build') as never)
    expect(started).toHaveLength(1)
    expect(started[0].module).toMatch(/drawCardsTask\.(ts|js)$/)
    // A second build in the same process closes a worker the first never used.
    await plugin.sourceNodes?.(sourceApi('build') as never)
    expect(started[0].closed).toBe(true)
    expect(started).toHaveLength(2)
  })

  it('does not start for a rebuild whose cards are cached, nor for the dev server', async () => {
    const cacheDir = path.join(temp, 'warm')
    fs.mkdirSync(cacheDir, { recursive: true })
    // The store's index, as the previous build left it: one card cached.
    writeCacheEntry(path.join(cacheDir, 'cards.json'), JSON.stringify({ ['a'.repeat(40)]: 1234 }))
    expect(CardStore.cachedKeys(cacheDir).size).toBe(1)
    await socialCards({ cacheDir }).sourceNodes?.(sourceApi('build') as never)
    await socialCards({ cacheDir: path.join(temp, 'empty') }).sourceNodes?.(sourceApi('develop') as never)
    expect(started).toHaveLength(0)
  })
})
