import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'

// MDX fragments end to end through the build (engine/markdown/remarkMdxFragments.ts): the
// fixture's pages import `.md`/`.mdx` files by relative path and through an alias.
const fixture = path.resolve(import.meta.dirname, '../../../fixtures/mdx-fragments')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

describe('MDX fragments', async () => {
  const result = await build(fixture, {
    configFile: 'config.ts',
    write: false,
    keepGoing: true,
    cache: false,
    workers: false,
    sink: quiet,
  })
  const install = result.pages.find((page) => page.path === '/guide/install')

  it('renders an imported fragment inline, nested fragments too, relative or through an alias', () => {
    const main = install?.html ?? ''
    expect(main).toMatch(/<h2[^>]*id="requirements"[^>]*>[\s\S]*Requirements/)
    expect(main).toContain('You need Node.')
    expect(main).toMatch(/Supported versions[\s\S]*Node 20 and <strong>22<\/strong>/)
    expect(main).toContain('Thanks for reading.')
    // In order: the fragment where its element was, the page's own text after it.
    expect(main.indexOf('You need Node.')).toBeLessThan(main.indexOf('Then install it.'))
    expect(main.indexOf('Then install it.')).toBeLessThan(main.indexOf('Thanks for reading.'))
    // The fragment's front-matter is not the page's.
    expect(main).not.toContain('ignored')
  })

  it("puts the fragment's headings in the page's outline and search text", async () => {
    const { page } = await result.dataLayer.query<{ page: { toc: { id: string }[]; text: string } }>(
      'query ($path: String!) { page(path: $path) { toc { id } text } }',
      { path: '/guide/install' },
      'test',
    )
    expect(page.toc.map((entry) => entry.id)).toEqual(expect.arrayContaining(['requirements', 'supported-versions']))
    expect(page.text).toContain('You need Node.')
  })

  it('makes no page of a file the fragments globs name', () => {
    expect(result.pages.map((page) => page.path).sort()).toEqual(['/', '/404', '/guide/install'])
  })

  it('refuses a cycle with the chain, at the line of the element that closes it', () => {
    expect(result.errors.map((error) => `${error.location} ${error.message}`)).toEqual([
      'content/guide/_fragments/b.mdx:5:1 MDX fragments import each other in a cycle: ' +
        'content/guide/loop.mdx -> content/guide/_fragments/a.mdx -> content/guide/_fragments/b.mdx -> ' +
        'content/guide/_fragments/a.mdx.',
    ])
  })
})
