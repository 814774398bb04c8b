import { render, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { Helmet, HelmetProvider } from '../../../engine/shared/helmet.ts'

// The nesting rules of the head API themes, templates and MDX components use (ADR 6), in the
// browser: react-helmet-async applies them to the document after each render.

function LayoutHead({ children }: { children?: ReactNode }) {
  return (
    <>
      <Helmet titleTemplate="%s | Docs" defaultTitle="Docs" htmlAttributes={{ lang: 'en', dir: 'ltr' }}>
        <title>Layout</title>
        <meta name="description" content="The site." />
        <link rel="canonical" href="https://example.org/" />
      </Helmet>
      {children}
    </>
  )
}

const metaContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

function renderHead(tree: ReactNode) {
  return render(<HelmetProvider>{tree}</HelmetProvider>)
}

describe('<Helmet> nesting', () => {
  it("gives a template's title the layout's titleTemplate, and keeps one <title>", async () => {
    renderHead(
      <LayoutHead>
        <Helmet>
          <title>render</title>
        </Helmet>
      </LayoutHead>,
    )
    await waitFor(() => expect(document.title).toBe('render | Docs'))
    expect(document.querySelectorAll('title')).toHaveLength(1)
  })

  it('lets the deepest meta of a name win: an MDX component over its template', async () => {
    renderHead(
      <LayoutHead>
        <Helmet>
          <meta name="description" content="The template." />
        </Helmet>
        <div>
          <Helmet>
            <meta name="description" content="The component." />
          </Helmet>
        </div>
      </LayoutHead>,
    )
    await waitFor(() => expect(metaContent('meta[name="description"]')).toBe('The component.'))
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
  })

  it('keeps what a deeper Helmet does not say: the layout canonical link beside a template title', async () => {
    renderHead(
      <LayoutHead>
        <Helmet>
          <title>render</title>
        </Helmet>
      </LayoutHead>,
    )
    await waitFor(() => expect(document.title).toBe('render | Docs'))
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://example.org/')
    expect(metaContent('meta[name="description"]')).toBe('The site.')
  })

  it('merges htmlAttributes attribute by attribute, the deepest value winning', async () => {
    renderHead(
      <LayoutHead>
        <Helmet htmlAttributes={{ lang: 'ar' }} bodyAttributes={{ class: 'rtl-page' }} />
      </LayoutHead>,
    )
    await waitFor(() => expect(document.documentElement.getAttribute('lang')).toBe('ar'))
    expect(document.documentElement.getAttribute('dir')).toBe('ltr')
    expect(document.body.getAttribute('class')).toBe('rtl-page')
  })

  it('lets the later of two sibling Helmets win (the config head, then a plugin)', async () => {
    renderHead(
      <>
        <Helmet>
          <meta property="og:image" content="/config.png" />
        </Helmet>
        <Helmet>
          <meta property="og:image" content="/plugin.png" />
        </Helmet>
      </>,
    )
    await waitFor(() => expect(metaContent('meta[property="og:image"]')).toBe('/plugin.png'))
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(1)
  })

  it("falls back to the layout's tags when the deeper Helmet goes (a client navigation)", async () => {
    const page = (inner: ReactNode) => (
      <HelmetProvider>
        <LayoutHead>{inner}</LayoutHead>
      </HelmetProvider>
    )
    const view = render(
      page(
        <Helmet>
          <title>render</title>
          <meta name="description" content="The template." />
        </Helmet>,
      ),
    )
    await waitFor(() => expect(document.title).toBe('render | Docs'))
    view.rerender(page(null))
    await waitFor(() => expect(document.title).toBe('Layout | Docs'))
    expect(metaContent('meta[name="description"]')).toBe('The site.')
  })

  it('uses defaultTitle, without the template, when no Helmet names a title', async () => {
    renderHead(<Helmet titleTemplate="%s | Docs" defaultTitle="Docs" />)
    await waitFor(() => expect(document.title).toBe('Docs'))
  })
})
