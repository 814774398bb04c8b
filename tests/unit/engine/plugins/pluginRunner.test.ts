import { describe, expect, it } from 'vitest'
import { SheafError, formatError } from '../../../../engine/errors.ts'
import { flattenPlugins } from '../../../../engine/plugins/flattenPlugins.ts'
import { createPluginRunner } from '../../../../engine/plugins/runner.ts'
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
    expect(() => flattenPlugins([(() => ({ name: 'x' })) as never])).toThrow(/plugins\[0\] is not a plugin: expected an object with a `name`, got a function/)
  })
})

describe('error wrapping', () => {
  it('re-throws what a hook throws, naming the plugin and the hook', async () => {
    const runner = createPluginRunner([{ name: 'broken', createPages: () => { throw new Error('boom') } }])
    const error = await runner.run('createPages', () => ({}) as never).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SheafError)
    expect(formatError(error)).toMatch(/^\[broken\] createPages:\n {2}The plugin threw while running `createPages`: boom/)
  })

  it('keeps file:line from a SheafError a hook throws', async () => {
    const runner = createPluginRunner([{ name: 'sidebar', createPages: () => { throw new SheafError('Bad item.', { file: 'content/_meta.json', line: 3, column: 2, hint: 'fix it.' }) } }])
    const error = await runner.run('createPages', () => ({}) as never).catch((caught: unknown) => caught)
    expect(formatError(error)).toBe('[sidebar] createPages: content/_meta.json:3:2\n  Bad item.\n  Fix: fix it.')
  })

  it('rejects a hook that returns garbage instead of using its api', async () => {
    const runner = createPluginRunner([{ name: 'odd', sourceNodes: (() => [{ id: 1 }]) as never }])
    await expect(runner.run('sourceNodes', () => ({}) as never)).rejects.toThrow(/`sourceNodes` returned \[\{"id":1\}\], but hooks return nothing/)
  })

  it('checks head tags are well-formed', () => {
    const runner = createPluginRunner([{ name: 'head', headTags: () => 'nope' as never }])
    expect(() => runner.headTags({ path: '/', template: 'doc', mode: 'build', base: '/' })).toThrow(/headTags must return an array/)
  })
})
