import { render } from '@testing-library/react'
import axe from 'axe-core'
import type { Root } from 'hast'
import { HastContent } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const body: Root = {
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'code-block',
      properties: { lang: 'ts', title: 'a.ts', html: '<span class="line highlighted">const a = 1</span>' },
      children: [],
    },
    {
      type: 'element',
      tagName: 'div',
      properties: { dataContainer: 'tip', dataTitle: 'TIP' },
      children: [{ type: 'text', value: 'Hello' }],
    },
    {
      type: 'element',
      tagName: 'details',
      properties: { dataContainer: 'details', dataTitle: 'More' },
      children: [{ type: 'text', value: 'Hidden' }],
    },
    { type: 'element', tagName: 'PackageManagerTabs', properties: { command: 'install jest' }, children: [] },
    {
      type: 'element',
      tagName: 'Tabs',
      properties: { groupId: 'project' },
      children: [
        {
          type: 'element',
          tagName: 'Tab',
          properties: { label: 'Expo' },
          children: [{ type: 'text', value: 'Expo text' }],
        },
        {
          type: 'element',
          tagName: 'Tab',
          properties: { label: 'CLI' },
          children: [{ type: 'text', value: 'CLI text' }],
        },
      ],
    },
    { type: 'element', tagName: 'img', properties: { src: '/a.png', alt: 'A screenshot' }, children: [] },
  ],
}

describe('page body components', () => {
  it('have no axe violations', async () => {
    const { container } = render(
      <main>
        <HastContent tree={body} components={markdownComponents} />
      </main>,
    )
    // jsdom does no layout, so colour contrast is left to the browser tests.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
})
