import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BackgroundStart, type BackgroundHooks } from '../../../../engine/server/backgroundStart.ts'
import type { DevState } from '../../../../engine/server/devState.ts'

const state = { pages: new Map() } as unknown as DevState

/** Hooks that record what the start did; the load settles at once. */
function hooks(outline = true) {
  const calls: string[] = []
  const recorded: BackgroundHooks = {
    isOutline: () => outline,
    load: async () => {
      calls.push('load')
      return state
    },
    ready: () => calls.push('ready'),
    failed: () => calls.push('failed'),
    done: () => calls.push('done'),
  }
  return { calls, recorded }
}

describe("when the dev server's background pass starts", () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => void vi.useRealTimers())

  it('starts after the fallback when no page is asked for, and offers its result once', async () => {
    const { calls, recorded } = hooks()
    const start = new BackgroundStart(recorded)
    await vi.advanceTimersByTimeAsync(2999)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual(['load', 'ready'])
    expect(start.running).toBe(true)
    expect(start.take()).toMatchObject({ result: state, stale: false })
    expect(start.running).toBe(false)
    expect(start.take()).toBeNull()
  })

  it('waits for a page being answered, then for its grace and for Vite’s requests to be quiet', async () => {
    const { calls, recorded } = hooks()
    const start = new BackgroundStart(recorded)
    start.hold()
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toEqual([])
    // The page's client is loading its modules: one request in flight.
    const response = new EventEmitter()
    start.requests.track(response)
    start.startIn(2000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(calls).toEqual([])
    response.emit('close')
    await vi.advanceTimersByTimeAsync(499)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(501)
    expect(calls).toEqual(['load', 'ready'])
  })

  it('gives up waiting for quiet 15 s after the page', async () => {
    const { calls, recorded } = hooks()
    const start = new BackgroundStart(recorded)
    start.requests.track(new EventEmitter())
    start.startIn(2000)
    await vi.advanceTimersByTimeAsync(14_000)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(3000)
    expect(calls).toEqual(['load', 'ready'])
  })

  it('calls a result stale after a save, and has nothing to do once a full load replaced the outline', async () => {
    const fresh = hooks()
    const start = new BackgroundStart(fresh.recorded)
    start.start()
    start.noteSave('/site/content/guide.md')
    await vi.advanceTimersByTimeAsync(0)
    expect(start.take()).toMatchObject({ stale: true })
    const replaced = hooks(false)
    new BackgroundStart(replaced.recorded).start()
    expect(replaced.calls).toEqual(['done'])
  })
})
