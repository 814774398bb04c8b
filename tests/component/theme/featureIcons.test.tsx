import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Features } from '../../../site/theme/components/Features.tsx'
import { renderInApp } from './renderInApp.tsx'

/** Emoji and pictographs: what shows as an empty box where no emoji font is installed. */
const emoji = /\p{Extended_Pictographic}/u

describe('feature icons', () => {
  it('draws the emoji and names of the sites’ home pages as SVG, never as emoji text', () => {
    const icons = ['🧩', '✅', '🤝', '🧹', '🛡️', 'puzzle', '🦄', 'no-such-icon']
    renderInApp(<Features features={icons.map((icon, index) => ({ title: `Feature ${index}`, icon }))} />, {
      path: '/',
    })
    const cards = within(screen.getByRole('region', { name: 'Features' })).getAllByRole('listitem')
    expect(cards).toHaveLength(icons.length)
    for (const card of cards) {
      expect(card.textContent).not.toMatch(emoji)
      const icon = card.querySelector('.feature__icon')
      expect(icon?.querySelector('svg path')).not.toBeNull()
      expect(icon?.getAttribute('aria-hidden')).toBe('true')
    }
    // Known emoji get their own drawing, not the fallback.
    const drawing = (index: number) => cards[index].querySelector('.feature__icon svg')?.innerHTML
    expect(drawing(0)).toBe(drawing(5))
    expect(new Set([0, 1, 2, 3, 4].map(drawing)).size).toBe(5)
  })

  it('keeps image icons as images', () => {
    renderInApp(<Features features={[{ title: 'Logo', icon: '/img/logo.svg' }]} />, { path: '/' })
    expect(document.querySelector('img.feature__icon')?.getAttribute('src')).toBe(
      '/react-native-testing-library/img/logo.svg',
    )
  })
})
