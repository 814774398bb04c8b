import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ElementContent, Root } from 'hast'
import { HastContent } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

function paragraph(text: string): ElementContent {
  return { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text }] }
}

function renderBody(children: ElementContent[]) {
  const tree: Root = { type: 'root', children }
  return render(<HastContent tree={tree} components={markdownComponents} />)
}

describe('Container', () => {
  it('shows a callout with its title and type', () => {
    const { container } = renderBody([
      {
        type: 'element',
        tagName: 'div',
        properties: { dataContainer: 'warning', dataTitle: 'Be careful' },
        children: [paragraph('Async code ahead.')],
      },
    ])
    expect(screen.getByText('Be careful')).toBeTruthy()
    expect(screen.getByText('Async code ahead.')).toBeTruthy()
    expect(container.querySelector('[data-container="warning"]')?.className).toContain('sheaf-container--warning')
  })

  it.each(['tip', 'note', 'info', 'warning', 'caution', 'danger'])('renders a %s container', (type) => {
    const { container } = renderBody([
      {
        type: 'element',
        tagName: 'div',
        properties: { dataContainer: type, dataTitle: type.toUpperCase() },
        children: [paragraph('Body')],
      },
    ])
    expect(screen.getByText(type.toUpperCase())).toBeTruthy()
    expect(container.querySelector(`.sheaf-container--${type}`)).not.toBeNull()
  })

  it('opens and closes a details container on its title', async () => {
    const user = userEvent.setup()
    const { container } = renderBody([
      {
        type: 'element',
        tagName: 'details',
        properties: { dataContainer: 'details', dataTitle: 'Show the config' },
        children: [paragraph('Hidden body')],
      },
    ])
    const details = container.querySelector('details')!
    expect(details.open).toBe(false)
    await user.click(screen.getByText('Show the config'))
    expect(details.open).toBe(true)
    expect(screen.getByText('Show the config').tagName).toBe('SUMMARY')
  })

  it('renders a plain div with its props when there is no container type', () => {
    const { container } = renderBody([
      {
        type: 'element',
        tagName: 'div',
        properties: { id: 'plain', className: ['wide'] },
        children: [paragraph('Just a div')],
      },
    ])
    const div = container.querySelector('#plain')!
    expect(div.className).toBe('wide')
    expect(div.classList.contains('sheaf-container')).toBe(false)
    expect(div.textContent).toBe('Just a div')
  })
})

describe('tables and images', () => {
  it('wraps a table in a horizontal scroll container', () => {
    renderBody([
      {
        type: 'element',
        tagName: 'table',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'tbody',
            properties: {},
            children: [
              {
                type: 'element',
                tagName: 'tr',
                properties: {},
                children: [
                  { type: 'element', tagName: 'td', properties: {}, children: [{ type: 'text', value: 'cell' }] },
                ],
              },
            ],
          },
        ],
      },
    ])
    const table = screen.getByRole('table')
    expect(table.parentElement?.className).toBe('sheaf-table')
    expect(screen.getByRole('cell', { name: 'cell' })).toBeTruthy()
  })

  it('marks images as lazy and zoomable and keeps the alt text', () => {
    renderBody([
      { type: 'element', tagName: 'img', properties: { src: '/img/screen.png', alt: 'A screenshot' }, children: [] },
    ])
    const image = screen.getByRole('img', { name: 'A screenshot' })
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.hasAttribute('data-zoomable')).toBe(true)
    expect(image.getAttribute('src')).toBe('/img/screen.png')
  })
})
