import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  fragmentMatcher,
  fragmentStamp,
  importSpecifiers,
  resolveFragmentPath,
} from '../../../../engine/markdown/fragmentImports.ts'
import { globToRegExp } from '../../../../engine/fs/globMatcher.ts'

const root = '/site'
const options = { root, aliases: { '@en': 'docs/en', '@en/deep': 'docs/deep', '@': 'docs' } }

describe('fragment imports', () => {
  it('resolves a relative import from the importing file and an alias by its longest prefix', () => {
    expect(resolveFragmentPath('./_a.mdx', 'docs/guide/x.mdx', options)).toEqual({ file: '/site/docs/guide/_a.mdx' })
    expect(resolveFragmentPath('../shared/b.md', 'docs/guide/x.mdx', options)).toEqual({
      file: '/site/docs/shared/b.md',
    })
    expect(resolveFragmentPath('@en/shared/x.mdx', 'docs/guide/x.mdx', options)).toEqual({
      file: '/site/docs/en/shared/x.mdx',
    })
    expect(resolveFragmentPath('@en/deep/y.mdx', 'docs/guide/x.mdx', options)).toEqual({
      file: '/site/docs/deep/y.mdx',
    })
    expect(resolveFragmentPath('@/z.mdx', 'docs/guide/x.mdx', options)).toEqual({ file: '/site/docs/z.mdx' })
    // `@english/...` is not under the `@en` alias.
    expect(resolveFragmentPath('@english/x.mdx', 'docs/guide/x.mdx', { root, aliases: { '@en': 'docs/en' } })).toEqual({
      unresolved: true,
    })
  })

  it('leaves imports that are not markdown to others (components, theme)', () => {
    expect(resolveFragmentPath('@theme', 'docs/x.mdx', options)).toBeNull()
    expect(resolveFragmentPath('../../components/Card', 'docs/x.mdx', options)).toBeNull()
  })

  it('reads import lines outside fenced code', () => {
    expect(
      importSpecifiers(
        "import A from './a.mdx'\n\n```mdx\nimport B from './b.mdx'\n```\nimport {\n  C,\n} from '@theme'\n",
      ),
    ).toEqual(['./a.mdx', '@theme'])
  })

  it("stamps a page with its fragments' text, nested ones too, and changes when one is edited", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-stamp-'))
    try {
      fs.mkdirSync(path.join(dir, 'docs'))
      fs.writeFileSync(path.join(dir, 'docs/_a.mdx'), "import B from './_b.md'\n\n<B />\n")
      fs.writeFileSync(path.join(dir, 'docs/_b.md'), 'one\n')
      const page = "import A from './_a.mdx'\n\n<A />\n"
      const stamp = () => fragmentStamp(page, 'docs/page.mdx', { root: dir, aliases: {} })
      const before = stamp()
      expect(before).not.toBe('')
      fs.writeFileSync(path.join(dir, 'docs/_b.md'), 'two\n')
      expect(stamp()).not.toBe(before)
      expect(fragmentStamp('# No imports\n', 'docs/page.mdx', { root: dir, aliases: {} })).toBe('')
      // A cycle stops the walk (the transform reports it).
      fs.writeFileSync(path.join(dir, 'docs/_b.md'), "import A from './_a.mdx'\n")
      expect(stamp()).not.toBe('')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('fragment globs', () => {
  it('matches as route.exclude writes them', () => {
    const isFragment = fragmentMatcher(['docs/**/_fragments/**', 'docs/components/*', 'docs/{en,zh}/shared/*.mdx'])
    expect(isFragment('docs/en/guide/_fragments/a.mdx')).toBe(true)
    expect(isFragment('docs/_fragments/a.mdx')).toBe(true)
    expect(isFragment('docs/components/card.mdx')).toBe(true)
    expect(isFragment('docs/components/deep/card.mdx')).toBe(false)
    expect(isFragment('docs/zh/shared/x.mdx')).toBe(true)
    expect(isFragment('docs/fr/shared/x.mdx')).toBe(false)
    expect(isFragment('docs/en/guide/start.mdx')).toBe(false)
    expect(globToRegExp('a.b?c').test('a.bxc')).toBe(true)
    expect(globToRegExp('a.b?c').test('aXbxc')).toBe(false)
  })
})
