import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SidebarItem } from 'sheaf/runtime'
import { Sidebar } from '../../../site/theme/components/Sidebar.tsx'
import { renderInApp } from './renderInApp.tsx'

const items: SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Introduction', link: '/docs/start/intro' },
      { text: 'Quick Start', link: '/docs/start/quick-start' },
    ],
  },
  {
    text: 'API reference',
    link: '/docs/api',
    items: [
      { text: 'Queries', link: '/docs/api/queries' },
      { text: 'Triggering events', items: [{ text: 'User Event', link: '/docs/api/events/user-event' }] },
    ],
  },
  { dividerType: 'dashed', text: '' },
  { sectionHeaderText: 'More', text: '' },
  {
    text: 'Migration Guides',
    collapsed: true,
    items: [
      { text: 'Migration to 13.x', link: '/docs/migration/v13' },
      { text: 'Previous versions', collapsed: true, items: [{ text: 'v12', link: '/docs/migration/previous/v12' }] },
    ],
  },
]

function renderSidebar(path = '/docs/api/queries', onClose = () => undefined, open = false) {
  return renderInApp(<Sidebar items={items} route={path} open={open} onClose={onClose} />, { path })
}

describe('Sidebar', () => {
  it('is a complementary landmark with a pages navigation', () => {
    renderSidebar()
    const aside = screen.getByRole('complementary', { name: 'Sidebar' })
    expect(within(aside).getByRole('navigation', { name: 'Pages' })).toBeTruthy()
  })

  it('marks the active page with aria-current="page"', () => {
    renderSidebar()
    expect(screen.getByRole('link', { name: 'Queries' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Introduction' }).getAttribute('aria-current')).toBeNull()
  })

  it('starts Migration Guides collapsed (collapsed: true) and expands it on click', async () => {
    const user = userEvent.setup()
    renderSidebar()
    const toggle = screen.getByRole('button', { name: 'Migration Guides' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Migration to 13.x' })).toBeNull()
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('link', { name: 'Migration to 13.x' })).toBeTruthy()
  })

  it('collapses and expands a group', async () => {
    const user = userEvent.setup()
    renderSidebar()
    const toggle = screen.getByRole('button', { name: 'Getting started' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('link', { name: 'Introduction' })).toBeNull()
    await user.click(toggle)
    expect(screen.getByRole('link', { name: 'Introduction' })).toBeTruthy()
  })

  it('collapses a group that has its own link with a separate toggle button', async () => {
    const user = userEvent.setup()
    renderSidebar('/docs/start/intro')
    const toggle = screen.getByRole('button', { name: 'API reference: collapse' })
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'API reference: expand' }).getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByRole('link', { name: 'API reference' })).toBeTruthy()
  })

  it('starts a collapsed group expanded when it holds the active page', () => {
    renderSidebar('/docs/migration/previous/v12')
    expect(screen.getByRole('button', { name: 'Migration Guides' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('button', { name: 'Previous versions' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('link', { name: 'v12' }).getAttribute('aria-current')).toBe('page')
  })

  it('renders dividers and section headers', () => {
    const { container } = renderSidebar()
    expect(container.querySelector('hr.sidebar__divider--dashed')).not.toBeNull()
    expect(screen.getByText('More')).toBeTruthy()
  })

  it('closes on Escape and on a backdrop click while open on mobile', () => {
    const onClose = vi.fn()
    const { container } = renderSidebar('/docs/api/queries', onClose, true)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(container.querySelector('.sidebar-backdrop') as Element)
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(onClose).toHaveBeenCalledTimes(3)
  })
})
