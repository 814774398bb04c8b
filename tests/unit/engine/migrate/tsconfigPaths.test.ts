import { describe, expect, it } from 'vitest'
import { contentAliases } from '../../../../engine/migrate/contentAliases.ts'
import { aliasesFromPaths, stripJsonComments } from '../../../../engine/migrate/tsconfigPaths.ts'

describe("an Rspress site's tsconfig paths", () => {
  it('reads a tsconfig with comments and trailing commas, keeping strings that look like comments', () => {
    const text =
      '{\n  // aliases\n  "compilerOptions": { /* x */ "paths": { "@a/*": ["./a/*"], }, "url": "http://x//y" },\n}\n'
    expect(JSON.parse(stripJsonComments(text))).toEqual({
      compilerOptions: { paths: { '@a/*': ['./a/*'] }, url: 'http://x//y' },
    })
  })

  it('turns paths into prefix -> folder from the site, through baseUrl', () => {
    expect(
      aliasesFromPaths(
        {
          '@en/*': ['./docs/en/*'],
          '@components/*': ['components/*'],
          '@components': ['components/index.ts'],
          'x/*/y': ['z'],
        },
        '.',
      ),
    ).toEqual({
      '@en': 'docs/en',
      '@components': 'components',
    })
    expect(aliasesFromPaths({ '@/*': ['./*'] }, './src')).toEqual({ '@': 'src' })
  })

  it('keeps the aliases into the content folder, one folder down for a site without versions', () => {
    const aliases = { '@en': 'docs/en', '@docs': 'docs', '@components': 'components', '@img': 'docs/public/img' }
    expect(contentAliases(aliases, 'docs', '1.0')).toEqual({
      '@en': 'docs/1.0/en',
      '@docs': 'docs/1.0',
      '@img': 'docs/public/img',
    })
    expect(contentAliases(aliases, 'docs', undefined)).toEqual({
      '@en': 'docs/en',
      '@docs': 'docs',
      '@img': 'docs/public/img',
    })
  })
})
