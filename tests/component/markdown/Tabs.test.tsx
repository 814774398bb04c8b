import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Tab } from '../../../site/theme/markdown/Tab.tsx'
import { Tabs } from '../../../site/theme/markdown/Tabs.tsx'

function ProjectTabs({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Tabs groupId="project">
        <Tab label="Expo">{`${name}: Expo setup`}</Tab>
        <Tab label="React Native CLI">{`${name}: CLI setup`}</Tab>
        <Tab label="Other">{`${name}: other setup`}</Tab>
      </Tabs>
    </section>
  )
}

describe('Tabs', () => {
  it('shows the first tab and hides the other panels', () => {
    render(<ProjectTabs name="Setup" />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Expo', 'React Native CLI', 'Other'])
    expect(screen.getByRole('tab', { name: 'Expo' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Expo' }).textContent).toBe('Setup: Expo setup')
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1)
  })

  it('moves between tabs with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup()
    render(<ProjectTabs name="Setup" />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Expo' }))

    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'React Native CLI' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('Setup: CLI setup')

    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Other' }).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Expo' }))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Other' }))
    await user.keyboard('{Home}')
    expect(screen.getByRole('tabpanel').textContent).toBe('Setup: Expo setup')
  })

  it('keeps only the selected tab in the tab order', () => {
    render(<ProjectTabs name="Setup" />)
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
  })

  it('switches every Tabs of the same group and remembers the choice', async () => {
    const user = userEvent.setup()
    render(
      <>
        <ProjectTabs name="First" />
        <ProjectTabs name="Second" />
      </>,
    )
    const first = screen.getByRole('region', { name: 'First' })
    const second = screen.getByRole('region', { name: 'Second' })
    await user.click(within(first).getByRole('tab', { name: 'React Native CLI' }))

    expect(within(second).getByRole('tab', { name: 'React Native CLI' }).getAttribute('aria-selected')).toBe('true')
    expect(within(second).getByRole('tabpanel').textContent).toBe('Second: CLI setup')
    expect(localStorage.getItem('sheaf-tabs:project')).toBe('React Native CLI')
  })

  it('applies the remembered choice after mounting', () => {
    localStorage.setItem('sheaf-tabs:project', 'Other')
    render(<ProjectTabs name="Setup" />)
    expect(screen.getByRole('tabpanel').textContent).toBe('Setup: other setup')
  })

  it('renders the first tab on the server even when a choice is stored', () => {
    localStorage.setItem('sheaf-tabs:project', 'Other')
    const html = renderToString(<ProjectTabs name="Setup" />)
    expect(html).toMatch(/aria-selected="true"[^>]*>Expo</)
  })

  it('follows a choice made in another browser tab', () => {
    render(<ProjectTabs name="Setup" />)
    act(() => {
      localStorage.setItem('sheaf-tabs:project', 'Other')
      window.dispatchEvent(new StorageEvent('storage', { key: 'sheaf-tabs:project', newValue: 'Other' }))
    })
    expect(screen.getByRole('tab', { name: 'Other' }).getAttribute('aria-selected')).toBe('true')
  })

  it('ignores a stored label this group does not have', () => {
    localStorage.setItem('sheaf-tabs:project', 'Windows')
    render(<ProjectTabs name="Setup" />)
    expect(screen.getByRole('tab', { name: 'Expo' }).getAttribute('aria-selected')).toBe('true')
  })

  it('does not remember anything without a groupId', async () => {
    const user = userEvent.setup()
    render(
      <Tabs>
        <Tab label="One">first</Tab>
        <Tab label="Two">second</Tab>
      </Tabs>,
    )
    await user.click(screen.getByRole('tab', { name: 'Two' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('second')
    expect(localStorage.length).toBe(0)
  })
})
