import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Root } from 'hast'
import { HastContent } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const tree: Root = {
  type: 'root',
  children: [{ type: 'element', tagName: 'PackageManagerTabs', properties: { command: 'install --save-dev @testing-library/react-native' }, children: [] }],
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
