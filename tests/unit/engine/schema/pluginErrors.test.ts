import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { sampleStore } from './sampleStore.ts'

const message = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return String((error as Error).message)
  }
  throw new Error('expected an error')
}

describe('errors name the plugin (and the SDL line)', () => {
  it('a type defined twice names both plugins and where', () => {
    const text = message(() =>
      buildSchema(
        [
          { source: 'plugin one', sdl: 'type Author implements Node { name: String }' },
          { source: 'plugin two', sdl: '\ntype Author implements Node { name: String }' },
        ],
        [],
        sampleStore(),
      ),
    )
    expect(text).toMatch(/only one type named "Author"/)
    expect(text).toContain('plugin one:1:6')
    expect(text).toContain('plugin two:2:6')
  })

  it('an unknown directive names the plugin and line', () => {
    expect(
      message(() =>
        buildSchema(
          [{ source: 'plugin authors', sdl: 'extend type Page {\n  author: String @lnk(by: "slug")\n}' }],
          [],
        ),
      ),
    ).toMatch(/Unknown directive "@lnk"[\s\S]*plugin authors:2:18/)
  })

  it('a bad directive argument names the plugin and line', () => {
    expect(
      message(() =>
        buildSchema(
          [{ source: 'plugin authors', sdl: 'extend type Page {\n  author: Author @link(by: 3)\n}' }],
          [],
          sampleStore(),
        ),
      ),
    ).toMatch(/Argument "by" has invalid value 3\.\s+plugin authors:2:28/)
  })

  it('a @link to a field the linked type does not have names the plugin, field and line', () => {
    const text = message(() =>
      buildSchema(
        [
          {
            source: 'plugin authors',
            sdl: 'extend type Page {\n  author: Author @link(by: "handle", from: "frontmatter.author")\n}',
          },
        ],
        [],
        sampleStore(),
      ),
    )
    expect(text).toContain('@link on Page.author (plugin authors:2:3)')
    expect(text).toContain('the type `Author` has no field `handle`')
  })

  it('a @link to a type that is not a node type says so', () => {
    expect(
      message(() => buildSchema([{ source: 'plugin x', sdl: 'extend type Page { toc2: TocEntry @link }' }], [])),
    ).toMatch(/links to `TocEntry`, which is not a node type/)
  })

  it('a resolver that throws names its field and plugin', async () => {
    const store = sampleStore()
    const schema = buildSchema(
      [{ source: 'plugin authors', sdl: 'extend type Author { initials: String }' }],
      [
        {
          source: 'plugin authors',
          resolvers: {
            Author: {
              initials: () => {
                throw new TypeError('boom')
              },
            },
          },
        },
      ],
      store,
    )
    const layer = createDataLayer(schema, store, { title: '', description: '', base: '/', lang: 'en', themeConfig: {} })
    await expect(layer.query('{ allAuthor { nodes { initials } } }', {}, 'site/theme/Author.tsx')).rejects.toThrow(
      /The resolver of Author.initials \(plugin authors\) threw: boom/,
    )
  })

  it('a resolver for a field nobody declared names the plugin', () => {
    expect(
      message(() => buildSchema([], [{ source: 'plugin authors', resolvers: { Page: { nope: () => 1 } } }])),
    ).toMatch(/resolvers \(plugin authors\) name the field "Page.nope"/)
  })
})
