import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EditLink } from '../../../site/theme/components/EditLink.tsx'
import { LastUpdated } from '../../../site/theme/components/LastUpdated.tsx'
import { PrevNext } from '../../../site/theme/components/PrevNext.tsx'
import { renderInApp } from './renderInApp.tsx'

describe('PrevNext', () => {
  it('links the previous and next pages with the default texts', () => {
    renderInApp(
      <PrevNext
        prev={{ text: 'Screen', link: '/docs/api/screen' }}
        next={{ text: 'Jest matchers', link: '/docs/api/jest-matchers' }}
        prevText="Previous Page"
        nextText="Next page"
      />,
    )
    const nav = screen.getByRole('navigation', { name: 'Previous and next pages' })
    const prev = screen.getByRole('link', { name: /Previous Page\s*Screen/ })
    const next = screen.getByRole('link', { name: /Next page\s*Jest matchers/ })
    expect(nav.contains(prev)).toBe(true)
    expect(prev.getAttribute('href')).toBe('/react-native-testing-library/docs/api/screen')
    expect(next.getAttribute('href')).toBe('/react-native-testing-library/docs/api/jest-matchers')
  })

  it('shows only the side that exists', () => {
    renderInApp(
      <PrevNext
        prev={null}
        next={{ text: 'Quick Start', link: '/docs/start/quick-start' }}
        prevText="Previous Page"
        nextText="Next page"
      />,
    )
    expect(screen.queryByText('Previous Page')).toBeNull()
    expect(screen.getByText('Next page')).toBeTruthy()
  })

  it('renders nothing without neighbours', () => {
    renderInApp(<PrevNext prev={null} next={null} prevText="Previous Page" nextText="Next page" />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

describe('LastUpdated and EditLink', () => {
  it('formats the date in UTC', () => {
    renderInApp(<LastUpdated value="2024-03-04T23:30:00-05:00" label="Last Updated" lang="en" />)
    expect(screen.getByText(/Last Updated:/).textContent).toBe('Last Updated: March 5, 2024')
  })

  it("formats in each page's language, and falls back to the ISO date for a language Intl refuses", () => {
    renderInApp(
      <>
        <LastUpdated value="2024-03-04T12:00:00Z" label="Aktualisiert" lang="de" />
        <LastUpdated value="2024-03-04T12:00:00Z" label="Updated" lang="en" />
        <LastUpdated value="2024-03-04T12:00:00Z" label="Broken" lang="not a language" />
      </>,
    )
    expect(screen.getByText(/Aktualisiert:/).textContent).toBe('Aktualisiert: 4. März 2024')
    expect(screen.getByText(/Updated:/).textContent).toBe('Updated: March 4, 2024')
    expect(screen.getByText(/Broken:/).textContent).toBe('Broken: 2024-03-04')
  })

  it('links the source file in the docs repository without the content/ prefix', () => {
    renderInApp(
      <EditLink
        docRepoBaseUrl="https://github.com/org/repo/edit/main/website/"
        sourcePath="content/13.x/docs/api/queries.md"
        text="Edit this page on GitHub"
      />,
    )
    const link = screen.getByRole('link', { name: 'Edit this page on GitHub' })
    expect(link.getAttribute('href')).toBe('https://github.com/org/repo/edit/main/website/13.x/docs/api/queries.md')
    expect(link.getAttribute('target')).toBe('_blank')
  })
})
