import { describe, expect, it } from 'vitest'
import { SheafError, formatError } from '../../../../engine/errors.ts'
import { flattenPlugins } from '../../../../engine/plugins/flattenPlugins.ts'
import { createPluginRunner, runningHooks } from '../../../../engine/plugins/runner.ts'
import type { Plugin } from '../../../../engine/plugins/types.ts'

describe('plugin order', () => {
  it('runs hooks in config order, skipping falsy entries and flattening presets', async () => {
    const calls: string[] = []
    const make = (name: string): Plugin => ({ name, sourceNodes: () => void calls.push(name) })
    const plugins = flattenPlugins([make('a'), false, null, [make('b'), [make('c')]], undefined, make('d')])
    await createPluginRunner(plugins).run('sourceNodes', () => ({}) as never)
    expect(calls).toEqual(['a', 'b', 'c', 'd'])
  })

  it('rejects two plugins with the same name', () => {
    expect(() => flattenPlugins([{ name: 'sidebar' }, { name: 'sidebar' }])).toThrow('Two plugins are named `sidebar`.')
  })

  it('rejects a factory passed without calling it', () => {
    expect(() => flattenPlugins([(() => ({ name: 'x' })) as never])).toThrow(
      /plugins\[0\] is not a plugin: expected an object with a `name`, got a function/,
    )
  })
})

describe('hooks run at once (onPostBuild)', () => {
  const deferred = () => {
    let resolve!: () => void
    const promise = new Promise<void>((done) => (resolve = done))
    return { promise, resolve }
  }

  it("starts every plugin's hook before any has settled", async () => {
    const gate = deferred()
    const started: string[] = []
    const make = (name: string): Plugin => ({
      name,
      onPostBuild: async () => void (started.push(name), await gate.promise),
    })
    const run = createPluginRunner([make('search'), { name: 'no-hook' }, make('llms')]).runConcurrently(
      'onPostBuild',
      () => ({}) as never,
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toEqual(['search', 'llms'])
    expect(runningHooks().map((entry) => entry.plugin)).toEqual(['search', 'llms'])
    gate.resolve()
    await run
    expect(runningHooks()).toEqual([])
  })

  it('rejects with the first failure in config order, only once every hook has settled', async () => {
    const slow = deferred()
    let slowDone = false
    const runner = createPluginRunner([
      {
        name: 'slow',
        onPostBuild: async () => {
          await slow.promise
          slowDone = true
        },
      },
      {
        name: 'first',
        onPostBuild: async () => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          throw new Error('one')
        },
      },
      {
        name: 'second',
        onPostBuild: () => {
          throw new Error('two')
        },
      },
    ])
    const outcome = runner.runConcurrently('onPostBuild', () => ({}) as never).catch((caught: unknown) => caught)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(slowDone).toBe(false)
    slow.resolve()
    const error = await outcome
    expect(slowDone).toBe(true)
    expect(formatError(error)).toMatch(/^\[first\] onPostBuild:\n {2}The plugin threw while running `onPostBuild`: one/)
  })
})

describe('synchronous hooks', () => {
  it('run one after another with no turn of the microtask queue between them; an async one is awaited', async () => {
    const log: string[] = []
    const runner = createPluginRunner([
      { name: 'a', onCreateNode: () => void log.push('a') },
      { name: 'b', onCreateNode: () => void log.push('b') },
      {
        name: 'c',
        onCreateNode: async () => {
          await null
          log.push('c')
        },
      },
      { name: 'd', onCreateNode: () => void log.push('d') },
    ])
    void Promise.resolve().then(() => log.push('tick'))
    await runner.run('onCreateNode', () => ({}) as never)
    expect(log).toEqual(['a', 'b', 'tick', 'c', 'd'])
  })
})

describe('error wrapping', () => {
  it('re-throws what a hook throws, naming the plugin and the hook', async () => {
    const runner = createPluginRunner([
      {
        name: 'broken',
        createPages: () => {
          throw new Error('boom')
        },
      },
    ])
    const error = await runner.run('createPages', () => ({}) as never).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SheafError)
    expect(formatError(error)).toMatch(
      /^\[broken\] createPages:\n {2}The plugin threw while running `createPages`: boom/,
    )
  })

  it('keeps file:line from a SheafError a hook throws', async () => {
    const runner = createPluginRunner([
      {
        name: 'sidebar',
        createPages: () => {
          throw new SheafError('Bad item.', { file: 'content/_meta.json', line: 3, column: 2, hint: 'fix it.' })
        },
      },
    ])
    const error = await runner.run('createPages', () => ({}) as never).catch((caught: unknown) => caught)
    expect(formatError(error)).toBe('[sidebar] createPages: content/_meta.json:3:2\n  Bad item.\n  Fix: fix it.')
  })

  it('rejects a hook that returns garbage instead of using its api', async () => {
    const runner = createPluginRunner([{ name: 'odd', sourceNodes: (() => [{ id: 1 }]) as never }])
    await expect(runner.run('sourceNodes', () => ({}) as never)).rejects.toThrow(
      /`sourceNodes` returned \[\{"id":1\}\], but hooks return nothing/,
    )
  })

  it('rejects an async hook that resolves to garbage, and leaves no hook marked as running after a sync one throws', async () => {
    const runner = createPluginRunner([{ name: 'odd', onCreateNode: (async () => 'a node') as never }])
    await expect(runner.run('onCreateNode', () => ({}) as never)).rejects.toThrow(
      /`onCreateNode` returned "a node", but hooks return nothing/,
    )
    const throwing = createPluginRunner([
      {
        name: 'broken',
        onCreateNode: () => {
          throw new Error('boom')
        },
      },
    ])
    await expect(throwing.run('onCreateNode', () => ({}) as never)).rejects.toThrow(/boom/)
    expect(runningHooks()).toEqual([])
  })

  it('checks head tags are well-formed', () => {
    const runner = createPluginRunner([{ name: 'head', headTags: () => 'nope' as never }])
    expect(() => runner.headTags({ path: '/', template: 'doc', mode: 'build', base: '/' })).toThrow(
      /headTags must return an array/,
    )
  })
})
