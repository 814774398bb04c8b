import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { App, type PageData } from 'sheaf/runtime'
import { CopyMarkdownButton } from '../../../site/theme/components/CopyMarkdownButton.tsx'
import { testSite } from './renderInApp.tsx'

function renderButton(plugins: string[] | undefined) {
  const page: PageData = {
    path: '/docs/api/render',
    template: 'doc',
    context: {},
    data: {},
    layoutData: {},
    bundle: 'test',
  }
  return render(
    <App site={{ ...testSite, plugins }} page={page} Template={() => <CopyMarkdownButton path="/docs/api/render" />} />,
  )
}

describe('CopyMarkdownButton', () => {
  it('is offered when the llms plugin writes the page’s markdown twin', () => {
    renderButton(['files', 'llms'])
    expect(screen.getByRole('button', { name: 'Copy page as Markdown' })).toBeTruthy()
  })

  it('is hidden on a site without the llms plugin (there is no twin to copy)', () => {
    renderButton(['files', 'search'])
    expect(screen.queryByRole('button', { name: 'Copy page as Markdown' })).toBeNull()
  })
})
