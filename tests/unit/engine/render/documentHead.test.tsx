import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { renderDocumentBytes } from '../../../../engine/render/renderDocument.ts'
import { App } from '../../../../engine/shared/App.tsx'
import { Helmet } from '../../../../engine/shared/helmet.ts'
import type { HeadTag } from '../../../../engine/plugins/types.ts'
import type { PageData, SiteData, TemplateProps } from '../../../../engine/shared/types.ts'

const site: SiteData = {
  title: 'Docs',
  description: 'The site.',
  url: 'https://example.org',
  base: '/',
  lang: 'en',
  themeConfig: {},
}
const page: PageData = {
  path: '/guide',
  template: 'doc',
  context: { path: '/guide' },
  data: {},
  layoutData: {},
  bundle: 'b',
}

/** A template whose head says what a theme's PageHead says. */
function Doc() {
  return (
    <>
      <Helmet titleTemplate="%s | Docs">
        <title>Guide</title>
        <meta name="description" content="The guide." />
        <link rel="canonical" href="https://example.org/guide" />
      </Helmet>
      <h1>Guide</h1>
    </>
  )
}

function documentWith(
  headTags: HeadTag[],
  component: ComponentType<TemplateProps> = Doc,
  pageData: PageData = page,
): string {
  const theme = { App, templates: new Map([['doc', { name: 'doc', file: 'Doc.tsx', component }]]) }
  return renderDocumentBytes(
    pageData,
    { theme, siteData: site, assets: { entry: '/e.js', css: [], templateChunks: {}, bundle: 'b' } },
    { lang: 'ar', headTags, csp: false },
  ).toString('utf8')
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0

describe('the document head', () => {
  it("merges the config's and plugins' head tags with the page's, without saying anything twice", () => {
    const html = documentWith([
      { tag: 'meta', attrs: { name: 'description', content: 'The site.' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://example.org/' } },
      { tag: 'meta', attrs: { property: 'og:image', content: 'https://example.org/card.png' } },
      { tag: 'meta', attrs: { property: 'og:image', content: 'https://example.org/other.png' } },
    ])
    expect(count(html, /<meta[^>]* name="description"/)).toBe(1)
    expect(html).toContain('<meta data-rh="true" name="description" content="The guide.">')
    expect(count(html, /<link[^>]* rel="canonical"/)).toBe(1)
    expect(html).toContain('<link data-rh="true" rel="canonical" href="https://example.org/guide">')
    // Of two plugin tags that say the same thing, the later one; the client's Helmet leaves it alone (no data-rh).
    expect(count(html, /<meta[^>]* property="og:image"/)).toBe(1)
    expect(html).toContain('<meta property="og:image" content="https://example.org/other.png">')
    expect(count(html, /<title[ >]/)).toBe(1)
    expect(html).toContain('<title data-rh="true">Guide | Docs</title>')
  })

  it('writes an inline head script as given, escaping only a closing tag in it', () => {
    const html = documentWith([{ tag: 'script', attrs: {}, children: 'if (a < b) x("</script>")' }])
    expect(html).toContain('<script>if (a < b) x("<\\/script>")</script>')
  })

  it('names the language and its direction on <html>', () => {
    expect(documentWith([])).toContain('<html lang="ar" dir="rtl">')
  })

  it("writes the page's own tags (PageData.head) for the client's Helmet to replace on navigation", () => {
    const html = documentWith(
      [{ tag: 'meta', attrs: { property: 'og:image', content: 'https://example.org/site.png' } }],
      Doc,
      {
        ...page,
        head: [{ tag: 'meta', attrs: { property: 'og:image', content: 'https://example.org/guide.png' } }],
      },
    )
    expect(count(html, /<meta[^>]* property="og:image"/)).toBe(1)
    expect(html).toContain('<meta data-rh="true" property="og:image" content="https://example.org/guide.png">')
  })

  it('mirrors the final title into og:title, unless a <Helmet> says og:title', () => {
    expect(documentWith([])).toContain('<meta property="og:title" content="Guide | Docs" data-sheaf-title>')
    function OwnOgTitle() {
      return (
        <Helmet>
          <title>Guide</title>
          <meta property="og:title" content="Shared as this" />
        </Helmet>
      )
    }
    const html = documentWith([], OwnOgTitle)
    expect(count(html, /<meta[^>]* property="og:title"/)).toBe(1)
    expect(html).toContain('<meta data-rh="true" property="og:title" content="Shared as this">')
  })

  it('names the template when a <Helmet> holds what a head cannot', () => {
    function Broken() {
      return (
        <Helmet>
          <div>not a head tag</div>
        </Helmet>
      )
    }
    expect(() => documentWith([], Broken)).toThrow(
      /Rendering \/guide failed: Doc\.tsx threw "Only elements types .* Helmet does not support rendering <div> elements/,
    )
  })
})
