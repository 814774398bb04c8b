import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import type { Root } from 'hast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../engine/shared/App.tsx'
import { HastContent } from '../../../engine/shared/HastContent.tsx'
import {
  NoSSR,
  isEqualPath,
  useDark,
  useLang,
  useLocation,
  usePageData,
  withBase,
} from '../../../engine/shared/rspressRuntime.tsx'
import type { PageData, SiteData, TemplateProps } from '../../../engine/shared/types.ts'

// `sheaf/runtime/rspress` (Rspress's runtime made of Sheaf's) and a site's own MDX components,
// rendered by the engine's App as the server does, then hydrated as the browser does.
const site: SiteData = { title: 'Widgets', description: '', url: '', base: '/widgets/', lang: 'en', themeConfig: {} }
const body: Root = {
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'site:Info',
      properties: { dataSheafProps: JSON.stringify({ label: 'Clicks', tags: ['a'] }) },
      children: [],
    },
    {
      type: 'element',
      tagName: 'site:Info',
      properties: {
        dataSheafProps: JSON.stringify({
          label: '</script>',
          dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' },
          onClick: 'x',
        }),
      },
      children: [],
    },
  ],
}
const page: PageData = {
  path: '/guide/start',
  template: 'doc',
  context: {},
  data: {
    page: {
      title: 'Getting started',
      lang: 'zh',
      frontmatter: { tag: 'new' },
      toc: [{ id: 'a', text: 'A', depth: 2 }],
      body,
    },
  },
  layoutData: {},
  bundle: 'test',
}

function Info({ label, tags = [] }: { label: string; tags?: string[] }) {
  const { page: current, siteData } = usePageData()
  const lang = useLang()
  const dark = useDark()
  const location = useLocation()
  return (
    <section aria-label={label}>
      <p>
        {`${current.title} (${lang}, ${String(current.frontmatter.tag)}, ${current.toc.length} heading) ` +
          `at ${location.pathname} of ${siteData.title}: ${dark ? 'dark' : 'light'}`}
      </p>
      <a href={withBase('/guide/next')}>next</a>
      <span>{tags.join(',')}</span>
      <NoSSR>
        <em>browser only</em>
      </NoSSR>
    </section>
  )
}

function Doc({ data }: TemplateProps) {
  return <HastContent tree={(data.page as { body: Root }).body} />
}

const app = <App site={site} page={page} Template={Doc} siteComponents={{ 'site:Info': Info as never }} />

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.classList.remove('dark')
})

describe('sheaf/runtime/rspress in a site component', () => {
  it("renders on the server with the page's data, the base, nothing browser-only, and hostile props as text", () => {
    const html = renderToString(app)
    expect(html).toContain('Getting started (zh, new, 1 heading) at /guide/start of Widgets: light')
    expect(html).toContain('href="/widgets/guide/next"')
    expect(html).not.toContain('browser only')
    expect(html).toContain('aria-label="&lt;/script&gt;"')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('onclick')
  })

  it('hydrates with no mismatch, then shows the browser-only part and follows dark mode', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(app)
    document.body.appendChild(container)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      hydrateRoot(container, app)
    })
    // Only a hydration mismatch would fail it (React's act() notice is the test runner's).
    expect(
      errors.mock.calls.map((call) => String(call[0])).filter((message) => !message.includes('support act(')),
    ).toEqual([])
    errors.mockRestore()
    expect(screen.getAllByText('browser only')).toHaveLength(2)
    await act(async () => {
      document.documentElement.classList.add('dark')
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(screen.getByRole('region', { name: 'Clicks' }).textContent).toContain(': dark')
  })
})

describe('the route helpers', () => {
  it('withBase adds the base of the rendering app once, never to external URLs', () => {
    render(app)
    expect(withBase('/a')).toBe('/widgets/a')
    expect(withBase('/widgets/a')).toBe('/widgets/a')
    expect(withBase('https://example.org/x')).toBe('https://example.org/x')
    expect(withBase('/a', '/')).toBe('/a')
  })

  it('isEqualPath takes an index, a trailing slash or .html as the same page', () => {
    expect(isEqualPath('/guide/', '/guide/index.html')).toBe(true)
    expect(isEqualPath('/guide/start.html', '/guide/start')).toBe(true)
    expect(isEqualPath('/guide/start', '/guide/other')).toBe(false)
  })
})
