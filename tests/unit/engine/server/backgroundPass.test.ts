import { describe, expect, it } from 'vitest'
import { BackgroundPass } from '../../../../engine/server/backgroundPass.ts'

/** A load that settles when the test says. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)))
  return { promise, resolve, reject }
}

describe('BackgroundPass', () => {
  it('offers its result once, fresh when no save came during its load', async () => {
    const load = deferred<string>()
    const ready: BackgroundPass<string>[] = []
    const pass = new BackgroundPass(
      () => load.promise,
      (done) => ready.push(done),
      () => undefined,
    )
    expect(ready).toEqual([])
    load.resolve('full state')
    await Promise.resolve()
    expect(ready).toEqual([pass])
    expect(pass.take()).toEqual({ result: 'full state', stale: false })
    expect(pass.take().result).toBeNull()
  })

  it('calls its result stale when a file was saved after its load began (it read the file before)', async () => {
    const load = deferred<string>()
    const pass = new BackgroundPass(
      () => load.promise,
      () => undefined,
      () => undefined,
    )
    pass.noteSave('/site/content/guide.md')
    load.resolve('full state')
    await Promise.resolve()
    expect(pass.take()).toEqual({ result: 'full state', stale: true })
  })

  it('hands a failed load to its error callback', async () => {
    const load = deferred<string>()
    const errors: unknown[] = []
    const pass = new BackgroundPass(
      () => load.promise,
      () => undefined,
      (error) => errors.push(error),
    )
    load.reject(new Error('dead link'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(errors).toEqual([new Error('dead link')])
    expect(pass.take().result).toBeNull()
  })
})
