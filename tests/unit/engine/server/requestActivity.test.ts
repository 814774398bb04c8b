import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { RequestActivity } from '../../../../engine/server/requestActivity.ts'

describe("the dev server's request activity (what the background pass waits to go quiet)", () => {
  it('is quiet with no request, busy while one is in flight, and quiet once none ended for the time asked', () => {
    let now = 1000
    const activity = new RequestActivity(() => now)
    expect(activity.quietIn(500)).toBe(0)
    const first = new EventEmitter()
    const second = new EventEmitter()
    activity.track(first)
    activity.track(second)
    now += 2000
    expect(activity.quietIn(500)).toBe(500)
    first.emit('close')
    expect(activity.quietIn(500)).toBe(500)
    now += 100
    second.emit('close')
    now += 200
    expect(activity.quietIn(500)).toBe(300)
    now += 300
    expect(activity.quietIn(500)).toBe(0)
  })

  it('counts a response once, however often it is closed', () => {
    let now = 0
    const activity = new RequestActivity(() => now)
    const response = new EventEmitter()
    activity.track(response)
    response.emit('close')
    response.emit('close')
    activity.track(new EventEmitter())
    now += 10_000
    expect(activity.quietIn(500)).toBe(500)
  })
})
