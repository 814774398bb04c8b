import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { RouterContext, SiteContext } from '../../../engine/shared/contexts.ts'
import type { SiteData } from '../../../engine/shared/types.ts'
import { createIndexFile } from '../../../plugins/search/buildSearchIndexes.ts'
import Search from '../../../site/theme/search/Search.tsx'
import { resetSearchBackends } from '../../../site/theme/search/searchBackend.ts'
import { clearSearchResultCache } from '../../../site/theme/search/useSearch.ts'

const site = {
  title: 'RNTL',
  description: '',
  base: '/react-native-testing-library/',
  lang: 'en',
  themeConfig: {},
} as unknown as SiteData
const indexUrl = '/react-native-testing-library/static/search_index.13.x.en.abcd1234.json'
const section = (anchor: string, heading: string, text: string, depth = 2) => ({ anchor, heading, depth, text })

const indexFile = createIndexFile(
  [
    {
      path: '/docs/api/queries',
      title: 'Queries',
      sections: [
        section('queries', 'Queries', 'Queries find host elements.', 1),
        section('getbyrole', 'getByRole', 'Returns the element with a role, e.g. getByRole("button").'),
      ],
    },
    {
      path: '/docs/guides/faq',
      title: 'FAQ',
      sections: [
        section('faq', 'FAQ', 'Questions.', 1),
        section('roles', 'Roles', 'Prefer getByRole over getByTestId.'),
      ],
    },
    {
      path: '/docs/api/render',
      title: 'Render',
      sections: [section('render', 'Render', 'The render function renders a component; then call getByRole.', 1)],
    },
    {
      path: '/docs/guides/xss',
      title: 'Hostile <img src=x onerror=alert(1)>',
      sections: [section('xss', 'Hostile', 'The payload <img src=x onerror=alert(1)> shows as text.', 1)],
    },
  ],
  '13.x',
  'en',
)

let navigate: ReturnType<typeof vi.fn<(href: string) => Promise<void>>>
let fetchMock: ReturnType<typeof vi.fn>

function renderSearch(props: Partial<React.ComponentProps<typeof Search>> = {}) {
  navigate = vi.fn(async (_href: string) => undefined)
  return render(
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={{ navigate, prefetch: () => undefined, loading: false }}>
        <Search placeholder="Search Docs" indexUrl={indexUrl} {...props} />
      </RouterContext.Provider>
    </SiteContext.Provider>,
  )
}

async function openAndType(query: string) {
  const user = userEvent.setup()
  renderSearch()
  await user.keyboard('{Control>}k{/Control}')
  const input = await screen.findByPlaceholderText('Search Docs')
  await user.type(input, query)
  return { user, input }
}

beforeEach(() => {
  clearSearchResultCache()
  fetchMock = vi.fn(async () => ({ ok: true, status: 200, json: async () => JSON.parse(JSON.stringify(indexFile)) }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Search', () => {
  test('renders a button named by its visible text, Search Docs, with the Ctrl K shortcut', () => {
    renderSearch()
    const button = screen.getByRole('button', { name: 'Search Docs' })
    expect(button?.textContent).toContain('Search Docs')
    expect(button?.textContent).toContain('Ctrl K')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('shows ⌘ K on Apple platforms', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel')
    renderSearch()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search Docs' })?.textContent).toContain('⌘ K'))
    vi.restoreAllMocks()
  })

  test('opens with Ctrl+K and shows the loading state for at least 1000 ms on the first load', async () => {
    resetSearchBackends()
    const user = userEvent.setup()
    renderSearch()
    const opened = Date.now()
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Search' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(await screen.findByPlaceholderText('Search Docs'))
    expect(within(dialog).getByRole('status')?.textContent).toMatch(/loading/i)
    await user.type(await screen.findByPlaceholderText('Search Docs'), 'render')
    await screen.findByRole('listbox', {}, { timeout: 3000 })
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0][0])).toContain(
      '/react-native-testing-library/static/search_index.13.x.en.abcd1234.json',
    )
  })

  test('fetches the index once per session and skips the loading state afterwards', async () => {
    await openAndType('render')
    expect(screen.queryByText(/loading/i)).toBeNull()
    await screen.findByRole('listbox')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('opens from the button too', async () => {
    const user = userEvent.setup()
    renderSearch()
    await user.click(screen.getByRole('button', { name: 'Search Docs' }))
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy()
  })

  test('shows hits grouped by type, with <mark> around the matches and links to the section', async () => {
    await openAndType('getByRole')
    const listbox = await screen.findByRole('listbox')
    const groups = within(listbox).getAllByRole('group')
    expect(
      groups.map(
        (group) =>
          group.getAttribute('aria-labelledby') &&
          document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Sections', 'Content'])
    const [header] = within(groups[0]).getAllByRole('option')
    expect(header?.textContent).toContain('Section')
    expect(header.getAttribute('href')).toBe('/react-native-testing-library/docs/api/queries#getbyrole')
    expect(header.querySelector('mark')?.textContent).toContain('getByRole')
    const content = within(groups[1]).getAllByRole('option')
    expect(content.map((option) => option.querySelector('mark')?.textContent)).toEqual(['getByRole', 'getByRole'])
    expect(content[0]?.textContent).toMatch(/FAQ|Queries/)
  })

  test('arrow keys move the current hit and wrap; the input points at it', async () => {
    const { user, input } = await openAndType('getByRole')
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    const current = () => options.findIndex((option) => option.getAttribute('aria-selected') === 'true')
    expect(current()).toBe(0)
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id)
    await user.keyboard('{ArrowUp}')
    expect(current()).toBe(options.length - 1)
    expect(input.getAttribute('aria-activedescendant')).toBe(options[options.length - 1].id)
    await user.keyboard('{ArrowDown}')
    expect(current()).toBe(0)
    await user.keyboard('{ArrowDown}')
    expect(current()).toBe(1)
    await user.hover(options[2])
    expect(current()).toBe(2)
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2].id)
  })

  test('Enter opens the current hit with the client router and closes the modal', async () => {
    const { user } = await openAndType('getByRole')
    await screen.findByRole('listbox')
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith('/react-native-testing-library/docs/api/queries#getbyrole')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('clicking a hit navigates and closes the modal', async () => {
    const { user } = await openAndType('render')
    const [first] = within(await screen.findByRole('listbox')).getAllByRole('option')
    await user.click(first)
    expect(navigate).toHaveBeenCalledWith('/react-native-testing-library/docs/api/render')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  test('Escape closes and returns focus to the button', async () => {
    const { user } = await openAndType('render')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search Docs' }))
  })

  test('keeps focus inside the dialog', async () => {
    const { user, input } = await openAndType('render')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear the query' }))
    await user.tab()
    expect(document.activeElement).toBe(input)
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear the query' }))
  })

  test('an empty query shows nothing', async () => {
    const { user, input } = await openAndType('render')
    await screen.findByRole('listbox')
    await user.clear(input)
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.queryByText(/No results/)).toBeNull()
  })

  test('hits of an earlier query stay shown but marked busy until the new answer comes', async () => {
    const { user, input } = await openAndType('render')
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(listbox.getAttribute('aria-busy')).toBe('false'))
    await user.type(input, ' getByRole')
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('false'))
  })

  test('says so when nothing matches', async () => {
    await openAndType('zzqqxx')
    expect(await screen.findByText('No results for "zzqqxx".')).toBeTruthy()
    expect(screen.getByText('Please try again with a different keyword.')).toBeTruthy()
    expect(screen.getByText('No results found')).toBeTruthy()
  })

  test('shows hostile page text as text, never as HTML', async () => {
    await openAndType('hostile')
    const listbox = await screen.findByRole('listbox')
    expect(listbox.querySelector('img')).toBeNull()
    expect(listbox?.textContent).toContain('<img src=x onerror=alert(1)>')
  })
})

describe('remote search', () => {
  const remote = { apiUrl: 'https://search.example.com/api', searchIndexes: ['docs', 'blog'] }

  test('asks the API with keyword, limit, indexes and language, and shows its groups', async () => {
    fetchMock.mockImplementation(async () => ({
      ok: true,
      status: 200,
      json: async () => [
        {
          index: 'docs',
          hits: [
            {
              type: 'title',
              title: 'Remote page',
              header: '',
              link: '/docs/remote',
              highlights: [{ start: 0, length: 6 }],
              statement: '',
            },
          ],
        },
        { index: 'blog', hits: [] },
      ],
    }))
    const user = userEvent.setup()
    renderSearch({ config: { limit: 5, remote, lang: 'en' } })
    await user.keyboard('{Control>}k{/Control}')
    await user.type(await screen.findByPlaceholderText('Search Docs'), 'remote')
    const listbox = await screen.findByRole('listbox')
    const url = new URL(String(fetchMock.mock.calls.at(-1)![0]))
    expect(url.origin + url.pathname).toBe('https://search.example.com/api')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keyword: 'remote',
      limit: '5',
      searchIndexes: 'docs,blog',
      lang: 'en',
    })
    expect(within(listbox).getAllByRole('group')).toHaveLength(1)
    expect(within(listbox).getByRole('option').getAttribute('href')).toBe('/react-native-testing-library/docs/remote')
    expect(within(listbox).getByRole('option').querySelector('mark')?.textContent).toContain('Remote')
  })

  test('logs a failure and shows no results', async () => {
    fetchMock.mockImplementation(async () => ({ ok: false, status: 500, json: async () => ({}) }))
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = userEvent.setup()
    renderSearch({ config: { remote } })
    await user.keyboard('{Meta>}k{/Meta}')
    await user.type(await screen.findByPlaceholderText('Search Docs'), 'broken')
    expect(await screen.findByText('No results for "broken".')).toBeTruthy()
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0][0])).toContain('remote search failed')
    error.mockRestore()
  })

  test('a failed answer is not cached: the same query asks again once the API is back', async () => {
    fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 500, json: async () => ({}) }))
    fetchMock.mockImplementation(async () => ({
      ok: true,
      status: 200,
      json: async () => [
        { index: 'docs', hits: [{ type: 'title', title: 'Back again', link: '/docs/back', highlights: [] }] },
      ],
    }))
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const user = userEvent.setup()
    renderSearch({ config: { remote } })
    await user.keyboard('{Control>}k{/Control}')
    const input = await screen.findByPlaceholderText('Search Docs')
    await user.type(input, 'flaky')
    expect(await screen.findByText('No results for "flaky".')).toBeTruthy()
    await user.type(input, 'x')
    await screen.findByRole('listbox')
    await user.type(input, '{Backspace}')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3))
    expect(new URL(String(fetchMock.mock.calls[2][0])).searchParams.get('keyword')).toBe('flaky')
    expect(await screen.findByRole('option', { name: /Back again/ })).toBeTruthy()
    expect(error).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })
})
