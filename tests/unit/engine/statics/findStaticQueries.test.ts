import { describe, expect, it } from 'vitest'
import { findStaticQueries } from '../../../../engine/statics/findStaticQueries.ts'
import { staticQueryId } from '../../../../engine/shared/staticQueryId.ts'
import { graphql } from '../../../../engine/shared/graphqlTag.ts'
import { isSheafError } from '../../../../engine/errors.ts'

describe('findStaticQueries', () => {
  it('finds a query written in useStaticQuery, typed or not, with its place', () => {
    const source = [
      "import { graphql, useStaticQuery } from 'sheaf/runtime'",
      'export function Footer() {',
      '  const data = useStaticQuery<FooterQuery>(graphql`',
      '    query Footer { site { title } }',
      '  `)',
      '  return null',
      '}',
    ].join('\n')
    const found = findStaticQueries(source, 'site/Footer.tsx')
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ file: 'site/Footer.tsx', line: 3, column: 44 })
    expect(found[0].text.trim()).toBe('query Footer { site { title } }')
  })

  it('leaves the page query out (it runs per page, with its variables)', () => {
    const source =
      'export const query = graphql`query ($path: String!) { page(path: $path) { title } }`\n' +
      'export const other: string = graphql`{ site { title } }`'
    const found = findStaticQueries(source, 'Doc.tsx')
    expect(found.map((query) => query.text)).toEqual(['{ site { title } }'])
  })

  it('finds a query kept in a constant for useStaticQuery', () => {
    const found = findStaticQueries(
      'const footerQuery = graphql`{ site { title } }`\nuseStaticQuery(footerQuery)',
      'a.tsx',
    )
    expect(found.map((query) => query.text)).toEqual(['{ site { title } }'])
  })

  it('skips a query in a comment', () => {
    const source =
      '// useStaticQuery(graphql`{ site { title } }`)\n/* graphql`{ nope }` */\n' +
      'const url = "https://example.org" // graphql`{ also }`'
    expect(findStaticQueries(source, 'a.tsx')).toEqual([])
  })

  it('refuses an interpolation, naming the file, line and column', () => {
    let thrown: unknown
    try {
      findStaticQueries('\n  useStaticQuery(graphql`{ page(path: "${route}") { title } }`)', 'site/Bad.tsx')
    } catch (error) {
      thrown = error
    }
    expect(isSheafError(thrown) && thrown.location).toBe('site/Bad.tsx:2:18')
  })

  it('gives the id the runtime computes from the tag, whatever the indentation', () => {
    const [found] = findStaticQueries('useStaticQuery(graphql`\n      { site {\n title } }\n  `)', 'a.tsx')
    const atRuntime = graphql`{ site { title } }`
    expect(found.id).toBe(staticQueryId(atRuntime))
    expect(staticQueryId('{ site { description } }')).not.toBe(found.id)
  })
})
