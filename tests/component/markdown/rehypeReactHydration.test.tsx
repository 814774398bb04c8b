import { act } from '@testing-library/react'
import type { Root } from 'hast'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { App, HastContent, type PageData } from 'sheaf/runtime'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRehypeReactCompiler } from '../../../engine/render/rehypeReactCompiler.ts'
import type { HastCompiler } from '../../../engine/shared/hastCompiler.ts'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const element = (tagName: string, properties: Record<string, unknown>, children: Root['children'] = []) =>
  ({ type: 'element' as const, tagName, properties, children }) as Root['children'][number]
const text = (value: string) => ({ type: 'text' as const, value })

/** A body with the parts the theme maps to components, plus plain elements with styles and tables. */
const body: Root = {
  type: 'root',
  children: [
    element('h2', { id: 'install' }, [text('Install')]),
    element('p', {}, [
      text('See '),
      element('a', { href: '/docs/api/screen' }, [text('screen')]),
      text(' and '),
      element('code', {}, [text('render()')]),
    ]),
    element('PackageManagerTabs', { command: 'install -D @testing-library/react-native' }),
    element('code-block', {
      lang: 'tsx',
      title: 'App.test.tsx',
      html: '<span class="line">render(&lt;App /&gt;)</span>',
    }),
    element('div', { className: ['container', 'container--tip'], dataTitle: 'Tip' }, [
      element('p', { style: 'color: red; margin-top: 4px' }, [text('Tip text')]),
    ]),
    element('table', {}, [
      element('tbody', {}, [element('tr', {}, [element('td', { align: 'left' }, [text('cell')])])]),
    ]),
  ],
}

const site = { title: 'Docs', description: '', base: '/', url: 'https://example.com', lang: 'en', themeConfig: {} }
const page: PageData = { path: '/docs/api/render', template: 'doc', context: {}, data: {}, layoutData: {}, bundle: 'b' }
const Template = () => <HastContent tree={body} components={markdownComponents} />

describe('page bodies compiled by rehype-react on the server', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('give the same HTML as the client compiler and hydrate without a mismatch', async () => {
    const rehypeReact = createRehypeReactCompiler()
    const calls = vi.fn()
    const counted: HastCompiler = (tree, options) => {
      calls()
      return rehypeReact(tree, options)
    }
    const server = renderToString(<App site={site} page={page} Template={Template} hastCompiler={counted} />)
    expect(calls).toHaveBeenCalledTimes(1)
    expect(server).toBe(renderToString(<App site={site} page={page} Template={Template} />))
    expect(server).toContain('style="color:red;margin-top:4px"')

    const container = document.createElement('div')
    container.innerHTML = server
    document.body.appendChild(container)
    const onRecoverableError = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, <App site={site} page={page} Template={Template} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    consoleError.mockRestore()
    act(() => root?.unmount())
  })
})
