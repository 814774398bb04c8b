import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'
import { queryToType } from '../../../../engine/typegen/queryToType.ts'
import { typegen } from '../../../../engine/typegen/typegen.ts'

const schema = buildSchema([], [])

describe('typed queries', () => {
  it('types a query result from the schema: nullability, lists, enums-free objects', () => {
    expect(
      queryToType(
        schema,
        'query ($path: String!) { page(path: $path) { title toc { id depth } lastUpdated } }',
        'Doc.tsx',
      ),
    ).toBe(
      '{\n  page: {\n    title: string\n    toc: {\n      id: string\n      depth: number\n    }[]\n' +
        '    lastUpdated: string | null\n  } | null\n}',
    )
  })

  it('gives a JSON field the type its schema declares with @ts, and unknown without one', () => {
    const withPlugin = buildSchema(
      [
        'extend type Query { sidebar(path: String!): JSON! @ts(type: "SidebarItem[]", import: "SidebarItem", ' +
          'from: "sheaf/runtime")\n raw: JSON }',
      ],
      [],
    )
    const imports = new Map<string, Set<string>>()
    const type = queryToType(
      withPlugin,
      'query ($path: String!) { page(path: $path) { body frontmatter } sidebar(path: $path) raw }',
      'Doc.tsx',
      imports,
    )
    expect(type).toContain('body: Root\n')
    expect(type).toContain('frontmatter: Record<string, unknown>\n')
    expect(type).toContain('sidebar: SidebarItem[]\n')
    expect(type).toContain('raw: unknown | null\n')
    expect(Object.fromEntries([...imports].map(([from, names]) => [from, [...names]]))).toEqual({
      hast: ['Root'],
      'sheaf/runtime': ['SidebarItem'],
    })
  })

  it('types the fields inferred from nodes, nested objects included (issue 39)', () => {
    const store = new NodeStore()
    store.createNode(
      { id: 'ada', internal: { type: 'Author' }, name: 'Ada', born: 1815, social: { github: 'ada' }, tags: ['math'] },
      'authors',
    )
    const inferred = buildSchema([], [], store)
    expect(
      queryToType(inferred, '{ allAuthor { totalCount nodes { name born social { github } tags } } }', 'Author.tsx'),
    ).toBe(
      '{\n  allAuthor: {\n    totalCount: number\n    nodes: Array<{\n      name: string | null\n' +
        '      born: number | null\n      social: {\n        github: string | null\n      } | null\n' +
        '      tags: Array<string | null> | null\n    }>\n  }\n}',
    )
  })

  it('fails on a wrong field name, naming the template', () => {
    expect(() => queryToType(schema, '{ allPage { nodes { titel } } }', 'site/theme/Doc.tsx')).toThrow(
      /The query does not match the schema: Cannot query field "titel" on type "Page"/,
    )
  })

  it('keeps the checked-in types of every fixture theme up to date', async () => {
    for (const site of ['tests/fixtures/basic', 'tests/fixtures/site-template']) {
      const result = await typegen(path.resolve(import.meta.dirname, '../../../..', site), { check: true })
      expect(result.upToDate).toBe(true)
    }
  }, 60_000)
})
