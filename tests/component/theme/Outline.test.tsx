import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Outline } from '../../../site/theme/components/Outline.tsx'
import { renderInApp } from './renderInApp.tsx'

const toc = [
  { text: 'Queries', id: 'queries', depth: 1 },
  { text: 'Accessing queries', id: 'accessing-queries', depth: 2 },
  { text: 'Using screen', id: 'using-screen', depth: 3 },
  { text: 'Query variants', id: 'query-variants', depth: 2 },
]

describe('Outline', () => {
  it('is titled with the outline title and lists h2 and deeper headings only', () => {
    renderInApp(<Outline toc={toc} title="Contents" />)
    const aside = screen.getByRole('complementary', { name: 'Contents' })
    const links = within(aside).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Accessing queries', 'Using screen', 'Query variants'])
    expect(links[0].getAttribute('href')).toBe('#accessing-queries')
    expect(within(aside).queryByRole('link', { name: 'Queries' })).toBeNull()
  })

  it('indents deeper headings', () => {
    renderInApp(<Outline toc={toc} title="Contents" />)
    expect(screen.getByRole('link', { name: 'Using screen' }).closest('li')?.className).toContain(
      'outline__item--level-1',
    )
  })

  it('renders nothing without h2+ headings', () => {
    const { container } = renderInApp(<Outline toc={[toc[0]]} title="Contents" />)
    expect(container.querySelector('.outline')).toBeNull()
  })

  it('marks the heading in view', () => {
    const { container } = renderInApp(
      <>
        <h2 id="accessing-queries">Accessing queries</h2>
        <h2 id="query-variants">Query variants</h2>
        <Outline toc={toc} title="Contents" />
      </>,
    )
    // jsdom has no layout: every heading reports top 0, so the last one reached is active.
    const active = container.querySelector('.outline__link.is-active')
    expect(active?.textContent).toBe('Query variants')
    expect(active?.getAttribute('aria-current')).toBe('location')
  })

  it('offers the outline as a popup in the narrow-screen toolbar', () => {
    renderInApp(<Outline toc={toc} title="Contents" variant="toolbar" />)
    expect(screen.getByRole('button', { name: 'Contents' }).getAttribute('aria-expanded')).toBe('false')
  })
})
