import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { staticQueryTypeName, typeTargets } from '../../../../engine/typegen/typeTargets.ts'

const root = path.resolve('/site')
const at = (file: string) => path.join(root, file)

describe('typeTargets', () => {
  it("types a site template's queries beside it and the theme's beside the theme, never in a package", () => {
    const targets = typeTargets(
      [
        { file: at('theme/templates/Doc.tsx'), name: 'DocQuery', query: '{ site { title } }' },
        { file: at('site/templates/Member.tsx'), name: 'MemberQuery', query: '{ site { title } }' },
        { file: at('site/components/Footer.tsx'), name: 'FooterQuery', query: '{ site { title } }' },
        { file: at('site/components/Header.tsx'), name: 'FooterQuery', query: '{ site { title } }' },
      ],
      { root, theme: at('theme'), siteTemplates: at('site/templates') },
    )
    expect(
      Object.fromEntries(
        [...targets].map(([file, list]) => [path.relative(root, file), list.map((query) => query.name)]),
      ),
    ).toEqual({
      'theme/queries.generated.ts': ['DocQuery'],
      'site/templates/queries.generated.ts': ['MemberQuery', 'FooterQuery'],
    })
    const packaged = typeTargets(
      [{ file: at('node_modules/sheaf/dist/site/theme/Layout.js'), name: 'LayoutQuery', query: '{ site { title } }' }],
      { root, theme: at('node_modules/sheaf/dist/site/theme') },
    )
    expect(packaged.size).toBe(0)
  })

  it("names a static query's type after its operation, as Gatsby, or after its module", () => {
    expect(staticQueryTypeName('\n  query TeamFooter { site { title } }', '/site/Footer.tsx')).toBe('TeamFooterQuery')
    expect(staticQueryTypeName('{ site { title } }', '/site/Footer.tsx')).toBe('FooterStaticQuery')
  })
})
