import { describe, expect, it } from 'vitest'
import { mergeHeadTags } from '../../../../engine/render/mergeHeadTags.ts'
import type { HeadTag } from '../../../../engine/plugins/types.ts'

// What React 19 hoists for the theme's PageHead.
const pageHead =
  '<title>render | Docs</title><meta name="description" content="Render a tree."/><link rel="canonical" href="https://example.org/docs/api/render"/>' +
  '<meta property="og:title" content="render | Docs"/>'

const meta = (attrs: Record<string, string>): HeadTag => ({ tag: 'meta', attrs })

describe('mergeHeadTags', () => {
  it('drops config and plugin tags that say what the page head already says', () => {
    const tags: HeadTag[] = [
      meta({ name: 'description', content: 'The site.' }),
      meta({ property: 'OG:TITLE', content: 'Docs' }),
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://example.org/' } },
      meta({ property: 'og:image', content: 'https://example.org/card.png' }),
      meta({ name: 'theme-color', content: '#fff' }),
    ]
    expect(mergeHeadTags(pageHead, tags)).toEqual([meta({ property: 'og:image', content: 'https://example.org/card.png' }), meta({ name: 'theme-color', content: '#fff' })])
  })

  it('keeps the later of two config/plugin tags that say the same thing, in its place', () => {
    const script: HeadTag = { tag: 'script', attrs: { src: '/a.js', defer: true } }
    const tags: HeadTag[] = [meta({ name: 'theme-color', content: '#fff' }), script, { tag: 'link', attrs: { rel: 'preconnect', href: 'https://a' } }, meta({ name: 'theme-color', content: '#000' }), script, { tag: 'link', attrs: { rel: 'preconnect', href: 'https://b' } }]
    expect(mergeHeadTags('', tags)).toEqual([{ tag: 'link', attrs: { rel: 'preconnect', href: 'https://a' } }, meta({ name: 'theme-color', content: '#000' }), script, { tag: 'link', attrs: { rel: 'preconnect', href: 'https://b' } }])
  })

  it('keeps distinct inline scripts and stylesheets, and drops an inline script given twice', () => {
    const inline = (children: string): HeadTag => ({ tag: 'script', attrs: {}, children })
    const sheet = (href: string): HeadTag => ({ tag: 'link', attrs: { rel: 'stylesheet', href } })
    expect(mergeHeadTags(pageHead, [inline('a()'), sheet('/x.css'), inline('b()'), sheet('/y.css'), inline('a()')])).toEqual([sheet('/x.css'), inline('b()'), sheet('/y.css'), inline('a()')])
  })
})
