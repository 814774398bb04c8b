import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../../engine/shared/App.tsx'
import { graphql } from '../../../engine/shared/graphqlTag.ts'
import { useStaticQuery } from '../../../engine/shared/staticQuery.ts'
import { staticQueryId } from '../../../engine/shared/staticQueryId.ts'
import { loadStaticQueries } from '../../../engine/client/staticQueries.ts'
import { staticQueryAsset } from '../../../engine/statics/staticQueryAsset.ts'
import type { PageData, SiteData } from '../../../engine/shared/types.ts'

const footerQuery = graphql`
  query Footer {
    site { title }
    team { name }
  }
`

function TeamFooter() {
  const data = useStaticQuery<{ site: { title: string }; team: { name: string }[] }>(graphql`
    query Footer {
      site { title }
      team { name }
    }
  `)
  return (
    <section aria-label="Team footer">
      <h2>{data.site.title}</h2>
      <p>{data.team.map((member) => member.name).join(', ')}</p>
    </section>
  )
}

const site: SiteData = { title: 'Docs', description: '', url: '', base: '/', lang: 'en', themeConfig: {} }
const page: PageData = {
  path: '/team/ada',
  template: 'component:Member.tsx',
  context: {},
  data: {},
  layoutData: {},
  bundle: 'test',
  staticQueries: '/_sheaf/static/x.json',
}
const results = {
  [staticQueryId(footerQuery)]: { site: { title: 'Sheaf team' }, team: [{ name: 'Ada' }, { name: 'Grace </script>' }] },
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

describe('useStaticQuery', () => {
  it("shows its query's result in any component the app renders", () => {
    render(<App site={site} page={page} Template={TeamFooter} staticQueries={results} />)
    const footer = screen.getByRole('region', { name: 'Team footer' })
    expect(footer.contains(screen.getByRole('heading', { level: 2, name: 'Sheaf team' }))).toBe(true)
    expect(footer.contains(screen.getByText('Ada, Grace </script>'))).toBe(true)
  })

  it('says which query has no result (one the build did not find), instead of rendering nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<App site={site} page={page} Template={TeamFooter} staticQueries={{}} />)).toThrow(
      /useStaticQuery: no result for the query "query Footer \{ site \{ title \} team \{ name \} \}"/,
    )
  })

  it('hydrates the server HTML from the shipped file without a warning, and reads `__proto__` in data as data', async () => {
    const shipped = staticQueryAsset(
      {
        [staticQueryId(footerQuery)]: {
          site: { title: 'Sheaf team' },
          team: [{ name: 'Ada' }],
          extra: JSON.parse('{"__proto__":{"polluted":true}}'),
        },
      },
      '/',
    )
    const fetchStub = vi.fn(async () => new Response(shipped.json, { headers: { 'content-type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchStub)
    const loaded = await loadStaticQueries(shipped.url)
    expect(await loadStaticQueries(shipped.url)).toBe(loaded)
    expect(fetchStub).toHaveBeenCalledTimes(1)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<App site={site} page={page} Template={TeamFooter} staticQueries={loaded} />)
    document.body.append(container)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await act(async () => {
      hydrateRoot(container, <App site={site} page={page} Template={TeamFooter} staticQueries={loaded} />)
    })
    expect(errors).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { level: 2, name: 'Sheaf team' }).textContent).toBe('Sheaf team')
  })
})
