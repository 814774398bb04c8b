import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { App, type PageData } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { Badge } from '../../../site/theme/markdown/Badge.tsx'
import { Card } from '../../../site/theme/markdown/Card.tsx'
import { HomeLayout } from '../../../site/theme/markdown/HomeLayout.tsx'
import { LinkCard } from '../../../site/theme/markdown/LinkCard.tsx'
import { NotFoundLayout } from '../../../site/theme/markdown/NotFoundLayout.tsx'
import { Overview } from '../../../site/theme/markdown/Overview.tsx'
import { SourceCode } from '../../../site/theme/markdown/SourceCode.tsx'
import { Steps } from '../../../site/theme/markdown/Steps.tsx'
import { Tab } from '../../../site/theme/markdown/Tab.tsx'
import { Tabs } from '../../../site/theme/markdown/Tabs.tsx'
import { Toc } from '../../../site/theme/markdown/Toc.tsx'
import { createLayoutData, testSite } from '../theme/renderInApp.tsx'

/** Renders inside the runtime's App with the page data a template would have queried. */
function renderPage(
  element: ReactElement,
  {
    template = 'doc',
    data = {},
    sidebar = [],
  }: { template?: string; data?: Record<string, unknown>; sidebar?: unknown[] } = {},
) {
  const page: PageData = {
    path: '/guide/start',
    template,
    context: {},
    data,
    layoutData: createLayoutData({ sidebar: sidebar as never }) as Record<string, unknown>,
    bundle: 'test',
  }
  return render(<App site={testSite} page={page} Template={() => element} />)
}

describe("Rspress's Badge", () => {
  it('shows its text, or its children in place of the text, and an outline variant', () => {
    render(
      <p>
        <Badge text="New" type="info" />{' '}
        <Badge type="warning" outline>
          <span>Beta</span>
        </Badge>
      </p>,
    )
    expect(screen.getByText('New').className).toBe('sheaf-badge sheaf-badge--info')
    expect(screen.getByText('Beta').parentElement?.className).toBe(
      'sheaf-badge sheaf-badge--warning sheaf-badge--outline',
    )
  })
})

describe("Rspress's Tabs with values", () => {
  it('names tabs without a label from `values` (strings or { label }) and opens `defaultValue`', async () => {
    const user = userEvent.setup()
    render(
      <Tabs values={[{ label: 'npm' }, 'yarn']} defaultValue="yarn">
        <Tab>npm install</Tab>
        <Tab>yarn add</Tab>
      </Tabs>,
    )
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['npm', 'yarn'])
    expect(screen.getByRole('tabpanel', { name: 'yarn' }).textContent).toBe('yarn add')
    await user.click(screen.getByRole('tab', { name: 'npm' }))
    expect(screen.getByRole('tabpanel', { name: 'npm' }).textContent).toBe('npm install')
  })
})

describe("Rspress's SourceCode, Card and LinkCard", () => {
  it('links to the source, naming the host to screen readers, and never links a script URL', () => {
    renderPage(
      <>
        <SourceCode href="https://github.com/acme/widgets/blob/main/src/index.ts" />
        <SourceCode href="javascript:alert(1)" platform="gitlab" />
      </>,
    )
    const link = screen.getByRole('link', { name: 'Source (GitHub)' })
    expect(link.getAttribute('href')).toBe('https://github.com/acme/widgets/blob/main/src/index.ts')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(screen.getByText('(GitLab)', { exact: false })).toBeTruthy()
  })

  it('shows a card with its title and content', () => {
    render(<Card title="Fast" content="Builds in a second." icon="⚡" />)
    expect(screen.getByText('Fast').textContent).toBe('⚡Fast')
    expect(screen.getByText('Builds in a second.')).toBeTruthy()
  })

  it('makes a link card one link under the base, named by its title and description', () => {
    renderPage(<LinkCard href="/guide/install" title="Install" description="Add it to your app." />)
    const link = screen.getByRole('link', { name: 'Install Add it to your app.' })
    expect(link.getAttribute('href')).toBe('/react-native-testing-library/guide/install')
  })
})

describe("Rspress's Steps and Toc", () => {
  it('keeps the step headings as headings, in order', () => {
    render(
      <Steps>
        <h3>Install</h3>
        <p>Run the installer.</p>
        <h3>Configure</h3>
      </Steps>,
    )
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Install',
      'Configure',
    ])
  })

  it("lists the page's level 2 and 3 headings as links to their ids", () => {
    const toc = [
      { text: 'Setup', id: 'setup', depth: 2 },
      { text: 'Details', id: 'details', depth: 3 },
      { text: 'Deep', id: 'deep', depth: 4 },
    ]
    renderPage(<Toc />, { data: { page: { toc } } })
    const list = screen.getByRole('list')
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#setup', '#details'])
  })
})

describe("Rspress's Overview, NotFoundLayout and HomeLayout", () => {
  it("lists the sidebar's pages by section on a page that has no overview query", () => {
    const sidebar = [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/start' },
          { text: 'Install', link: '/guide/install' },
        ],
      },
      { text: 'API', link: '/api/' },
    ]
    renderPage(<Overview />, { sidebar })
    expect(screen.getByRole('region', { name: 'Guide' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Install' }).getAttribute('href')).toBe(
      '/react-native-testing-library/guide/install',
    )
    expect(screen.queryByRole('link', { name: 'Getting started' })).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Others' })).getByRole('link', { name: 'API' })).toBeTruthy()
  })

  it('shows the not-found content with a way home', () => {
    renderPage(<NotFoundLayout />)
    expect(screen.getByRole('region', { name: 'PAGE NOT FOUND' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe(
      '/react-native-testing-library/',
    )
  })

  it('shows the front-matter hero on a custom page, and yields on a home page (the template shows it)', () => {
    const data = { page: { frontmatterHtml: { hero: { name: 'Acme', text: 'Widgets' } } } }
    const custom = renderPage(<HomeLayout />, { template: 'custom', data })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Acme')
    custom.unmount()
    renderPage(<HomeLayout />, { template: 'home', data })
    expect(screen.queryByRole('heading')).toBeNull()
  })
})
