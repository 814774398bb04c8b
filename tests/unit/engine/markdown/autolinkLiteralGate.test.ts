import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { createParser } from '../../../../engine/markdown/parser.ts'
import { seededRandom } from '../../../seededRandom.ts'

/** The parser as it was before the gate: the reference every tree is compared with. */
function referenceParser(mdx: boolean) {
  const base = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective)
  return mdx ? base.use(remarkMdx) : base
}

const gated = { md: createParser(false), mdx: createParser(true) }
const reference = { md: referenceParser(false), mdx: referenceParser(true) }

function expectSameTree(source: string, mdx = false) {
  const kind = mdx ? 'mdx' : 'md'
  expect(gated[kind].parse(source), JSON.stringify(source)).toEqual(reference[kind].parse(source))
}

/** Pieces where literal autolinks start, end or are refused; joined at random below. */
const pieces = [
  'a@b.co',
  'Mail me at jane.doe+docs@example.com.',
  'x_y-z.w@sub.example.org',
  'not@an',
  '@handle',
  'trailing@',
  'a@b.c_d',
  'mailto:a@b.co',
  'xmpp:a@b.co/res',
  'https://example.com/path?q=1',
  'HTTP://EXAMPLE.COM',
  'www.example.com.',
  'WWW.Example.com',
  'http://',
  'www.',
  'www',
  'wwwx.com',
  'Www.X.io',
  'what',
  'hello',
  'http:x',
  'https:',
  'HTTPS://A.B',
  'whttp://x.y',
  'hhttp://a.b',
  'ftp://x.y',
  'http:\\/\\/x.y',
  'www\\.x.y',
  'http&#58;//x.y',
  'HTTP API',
  'Http://X.Y',
  '/a@b.co',
  'a/b@c.de',
  '&#64;',
  'a&#64;b.co',
  'user&#x40;host.io',
  '&amp;',
  '\\@',
  'é@b.co',
  'üa@b.co',
  '[link a@b.co](https://x.y)',
  '[a@b.co]',
  '![img](a@b.co)',
  '`code a@b.co`',
  '*a@b.co*',
  '**x**@y.zz',
  '~~a@b.co~~',
  '(a@b.co)',
  '<a@b.co>',
  '<https://x.y>',
  'word',
  'another word',
  '1.5',
  'snake_case',
  'a.b.c',
  ':tip',
  ':::note',
  '\t',
  '  ',
  '\n',
  '\r\n',
  '\n\n',
  '\n> ',
  '\n- ',
  '\n  ',
  '\n| a | b |\n| - | - |\n| ',
  ' | ',
  '\n```\n',
  '\n    ',
  '[^1]',
  '\n[^1]: a@b.co',
  '<span>',
  '</span>',
]

describe('autolink literal gates (gfmGates.ts)', () => {
  it('keeps email, URL and www literals where GFM makes them', () => {
    const tree = gated.md.parse(
      'Write to jane@example.com, see https://a.example and www.b.example.\n\n> quoted x@y.io\n\n- item\tz@w.io\n',
    )
    const links: string[] = []
    const collect = (node: { type: string; url?: string; children?: unknown[] }) => {
      if (node.type === 'link') links.push(String(node.url))
      for (const child of (node.children ?? []) as never[]) collect(child)
    }
    // The literals become links in the tree transform; runSync is not needed: fromMarkdown runs it.
    collect(tree as never)
    expect(links).toEqual([
      'mailto:jane@example.com',
      'https://a.example',
      'http://www.b.example',
      'mailto:x@y.io',
      'mailto:z@w.io',
    ])
  })

  it('gives the same tree as GFM without the gate on hand-picked cases', () => {
    for (const piece of pieces) {
      expectSameTree(piece)
      expectSameTree(`before ${piece} after`)
      expectSameTree(`> ${piece}\n> ${piece} x@y.io`)
      expectSameTree(`- ${piece}\n\n  ${piece}`)
      expectSameTree(`\uFEFF${piece} a@b.co`)
      expectSameTree(`---\ntitle: a@b.co\n---\n\n${piece}`)
    }
  })

  it('gives the same tree as GFM without the gate on random documents (md and mdx)', () => {
    const next = seededRandom(22)
    for (let round = 0; round < 600; round++) {
      const length = 1 + Math.floor(next() * 24)
      let source = ''
      for (let index = 0; index < length; index++)
        source += pieces[Math.floor(next() * pieces.length)] + (next() < 0.5 ? ' ' : '')
      expectSameTree(source)
      // MDX refuses some of these (`<a@b.co>`); both parsers must then throw alike.
      let error: unknown
      try {
        reference.mdx.parse(source)
      } catch (caught) {
        error = caught
      }
      if (error) expect(() => gated.mdx.parse(source)).toThrow()
      else expectSameTree(source, true)
    }
  })
})
