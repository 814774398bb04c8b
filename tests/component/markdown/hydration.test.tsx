import { act } from '@testing-library/react'
import type { Root } from 'hast'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { HastContent } from 'sheaf/runtime'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteContext } from '../../../engine/shared/contexts.ts'
import { ThemeToggle } from '../../../site/theme/furniture/ThemeToggle.tsx'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const body: Root = {
  type: 'root',
  children: [
    { type: 'element', tagName: 'PackageManagerTabs', properties: { command: 'install jest' }, children: [] },
    {
      type: 'element',
      tagName: 'code-block',
      properties: { lang: 'ts', html: '<span class="line">const a = 1</span>' },
      children: [],
    },
  ],
}
const site = { title: 'Docs', description: '', base: '/', url: 'https://example.com', lang: 'en', themeConfig: {} }

function Page() {
  return (
    <SiteContext.Provider value={site}>
      <ThemeToggle />
      <HastContent tree={body} components={markdownComponents} />
    </SiteContext.Provider>
  )
}

describe('hydration', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    document.documentElement.classList.remove('dark')
  })

  it('matches the server render even with stored choices, then applies them', async () => {
    localStorage.setItem('sheaf-tabs:package-manager', 'bun')
    localStorage.setItem('sheaf-theme', 'dark')
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page />)
    document.body.appendChild(container)
    const onRecoverableError = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)

    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError })
    })

    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    expect(container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('bun')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    consoleError.mockRestore()
    act(() => root?.unmount())
  })
})
