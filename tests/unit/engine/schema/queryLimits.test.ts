import { buildSchema, type DocumentNode, type GraphQLError } from 'graphql'
import { describe, expect, it } from 'vitest'
import { defaultQueryLimits, prepareQuery } from '../../../../engine/schema/queryLimits.ts'
import { validateQuery } from '../../../../engine/schema/runQuery.ts'

const schema = buildSchema(`
  type Page { path: String! title: String! parent: Page children: [Page!]! }
  type Query { page(path: String!): Page allPage: [Page!]! site: String }
`)

const errorsOf = (query: string) => {
  const prepared = prepareQuery(schema, query)
  return Array.isArray(prepared) ? (prepared as readonly GraphQLError[]).map((error) => error.message) : []
}

describe('query limits', () => {
  it('lets ordinary queries through, fragments and all', () => {
    const prepared = prepareQuery(
      schema,
      'query Q { page(path: "/") { ...F children { ...F } } } fragment F on Page { path title }',
    )
    expect(Array.isArray(prepared)).toBe(false)
    expect((prepared as DocumentNode).kind).toBe('Document')
  })

  it('refuses 500 aliases quickly, before graphql compares every pair of fields', () => {
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: allPage { path title }`).join(' ')} }`
    const started = performance.now()
    const errors = errorsOf(query)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(errors).toEqual([
      `The query has 500 aliases; the limit is ${defaultQueryLimits.maxAliases}. ` +
        `Ask for less in one query (split it, or use \`limit\` on lists).`,
    ])
  })

  it('refuses deep nesting, also through fragments', () => {
    const deep = (n: number) => `{ page(path: "/") { ${'parent { '.repeat(n)}path${' }'.repeat(n)} } }`
    expect(errorsOf(deep(defaultQueryLimits.maxDepth - 2))).toEqual([])
    expect(errorsOf(deep(defaultQueryLimits.maxDepth))[0]).toMatch(/levels of nesting; the limit is 15/)
    const fragments = Array.from(
      { length: 20 },
      (_, i) => `fragment F${i} on Page { parent { ${i < 19 ? `...F${i + 1}` : 'path'} } }`,
    ).join(' ')
    expect(errorsOf(`{ page(path: "/") { ...F0 } } ${fragments}`)[0]).toMatch(/levels of nesting/)
  })

  it('counts a fragment once per spread, without expanding it (a fragment bomb is measured, not built)', () => {
    // Each fragment spreads the next one twice: 2^30 fields if expanded.
    const fragments = Array.from({ length: 30 }, (_, i) =>
      i < 29 ? `fragment F${i} on Page { ...F${i + 1} ...F${i + 1} }` : `fragment F${i} on Page { path }`,
    ).join(' ')
    const started = performance.now()
    const errors = errorsOf(`{ page(path: "/") { ...F0 } } ${fragments}`)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(errors[0]).toMatch(/fields; the limit is 1000/)
  })

  it('counts aliases inside fragments per spread', () => {
    const query =
      `{ ${Array.from({ length: 8 }, (_, i) => `p${i}: page(path: "/") { ...F }`).join(' ')} } fragment F on ` +
      `Page { a: path b: title c: path d: title }`
    expect(errorsOf(query)[0]).toMatch(/40 aliases/)
  })

  it('refuses over-long text and too many tokens before parsing it all', () => {
    expect(errorsOf(`{ site ${' '.repeat(defaultQueryLimits.maxLength)}}`)[0]).toMatch(
      /characters long; the limit is 100000/,
    )
    expect(errorsOf(`{ ${'site '.repeat(defaultQueryLimits.maxTokens)}}`)[0]).toMatch(/more than 10000 tokens/)
  })

  it('still reports schema errors, and a fragment cycle without hanging', () => {
    expect(errorsOf('{ nope }')[0]).toMatch(/Cannot query field "nope"/)
    expect(errorsOf('{ page(path: "/") { ...A } } fragment A on Page { ...B } fragment B on Page { ...A }')[0]).toMatch(
      /Cannot spread fragment/,
    )
  })

  it('applies to runQuery and `sheaf query` too', () => {
    expect(validateQuery(schema, `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: site`).join(' ')} }`)[0]).toMatch(
      /40 aliases/,
    )
  })
})
