import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Root } from 'hast'
import { HastContent } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const tree: Root = {
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'PackageManagerTabs',
      properties: { command: 'install --save-dev @testing-library/react-native' },
      children: [],
    },
  ],
}

describe('PackageManagerTabs', () => {
  it('shows the command for each package manager', async () => {
    const user = userEvent.setup()
    render(<HastContent tree={tree} components={markdownComponents} />)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['npm', 'yarn', 'pnpm', 'bun'])
    expect(screen.getByRole('tabpanel').textContent).toContain('npm install --save-dev @testing-library/react-native')

    await user.click(screen.getByRole('tab', { name: 'yarn' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('yarn add --save-dev @testing-library/react-native')
    await user.click(screen.getByRole('tab', { name: 'pnpm' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('pnpm install --save-dev @testing-library/react-native')
    await user.click(screen.getByRole('tab', { name: 'bun' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('bun add --save-dev @testing-library/react-native')
  })

  it('remembers the manager for the whole site', async () => {
    const user = userEvent.setup()
    render(<HastContent tree={tree} components={markdownComponents} />)
    await user.click(screen.getByRole('tab', { name: 'pnpm' }))
    expect(localStorage.getItem('sheaf-tabs:package-manager')).toBe('pnpm')
  })

  it('copies the visible command', async () => {
    const user = userEvent.setup()
    render(<HastContent tree={tree} components={markdownComponents} />)
    await user.click(screen.getByRole('tab', { name: 'yarn' }))
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    expect(await navigator.clipboard.readText()).toBe('yarn add --save-dev @testing-library/react-native')
  })
})

describe('PackageManagerTabs from an MDX page', () => {
  it('takes an object of commands, one tab per manager, shown as written (as in Rspress)', async () => {
    const { createCodeHighlighter } = await import('../../../engine/markdown/highlighter.ts')
    const { createMarkdownProcessor } = await import('../../../engine/markdown/processor.ts')
    const { themeComponents } = await import('../../../site/theme/markdown/componentProps.ts')
    const highlighter = await createCodeHighlighter(
      { light: 'github-light', dark: 'github-dark' },
      { regexEngine: 'javascript' },
    )
    const processor = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
    const source =
      "# Install\n\n<PackageManagerTabs command={{ npm: 'npm i -D jest', yarn: 'yarn add --dev jest', deno: " +
      "'deno add npm:jest' }} />\n"
    const { body } = await processor.process({ source, file: 'install.mdx', mdx: true })
    const user = userEvent.setup()
    render(<HastContent tree={JSON.parse(JSON.stringify(body))} components={markdownComponents} />)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['npm', 'yarn', 'deno'])
    expect(screen.getByRole('tabpanel').textContent).toContain('npm i -D jest')
    await user.click(screen.getByRole('tab', { name: 'deno' }))
    expect(screen.getByRole('tabpanel').textContent).toContain('deno add npm:jest')
  }, 60_000)
})
