import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Features } from '../../../site/theme/components/Features.tsx'
import { Hero } from '../../../site/theme/components/Hero.tsx'
import { createLayoutData, renderInApp } from './renderInApp.tsx'

const hero = {
  name: 'React Native Testing Library',
  text: 'Component and integration tests that read like user stories',
  tagline: 'Helps you to write better tests with less effort.',
  image: {
    src: '/img/mascot.svg',
    alt: 'A smiling cartoon phone',
    srcset: '/img/mascot.svg 1x, /img/mascot@2x.png 2x',
    sizes: '375px',
  },
  actions: [
    { theme: 'brand' as const, text: 'Quick Start', link: '/docs/start/quick-start' },
    { theme: 'alt' as const, text: 'Explore API', link: '/docs/api' },
  ],
}

describe('Hero', () => {
  it('shows the name, text and tagline', () => {
    renderInApp(<Hero hero={hero} />, { path: '/' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('React Native Testing Library')
    expect(screen.getByText('Component and integration tests that read like user stories')).toBeTruthy()
    expect(screen.getByText('Helps you to write better tests with less effort.')).toBeTruthy()
  })

  it('links the Quick Start and Explore API actions', () => {
    renderInApp(<Hero hero={hero} />, { path: '/' })
    const quickStart = screen.getByRole('link', { name: 'Quick Start' })
    expect(quickStart.getAttribute('href')).toBe('/react-native-testing-library/docs/start/quick-start')
    expect(quickStart.className).toContain('button--brand')
    expect(screen.getByRole('link', { name: 'Explore API' }).className).toContain('button--alt')
  })

  it("keeps the actions in the reader's version on a 12.x home", () => {
    const layoutData = createLayoutData({ currentVersion: { name: '12.x', isDefault: false, prefix: '/12.x' } })
    renderInApp(<Hero hero={hero} />, { path: '/12.x/', layoutData })
    expect(screen.getByRole('link', { name: 'Quick Start' }).getAttribute('href')).toBe(
      '/react-native-testing-library/12.x/docs/start/quick-start',
    )
    expect(screen.getByRole('link', { name: 'Explore API' }).getAttribute('href')).toBe(
      '/react-native-testing-library/12.x/docs/api',
    )
  })

  it('shows a 375 by 375 image with its alt text, srcset and sizes', () => {
    renderInApp(<Hero hero={hero} />, { path: '/' })
    const image = screen.getByRole('img', { name: 'A smiling cartoon phone' })
    expect(image.getAttribute('width')).toBe('375')
    expect(image.getAttribute('height')).toBe('375')
    expect(image.getAttribute('src')).toBe('/react-native-testing-library/img/mascot.svg')
    expect(image.getAttribute('srcset')).toBe(
      '/react-native-testing-library/img/mascot.svg 1x, /react-native-testing-library/img/mascot@2x.png 2x',
    )
    expect(image.getAttribute('sizes')).toBe('375px')
  })
})

describe('Features', () => {
  const features = [
    { title: 'Maintainable', details: 'Find elements by role.', icon: '🧩', link: '/docs/guides/how-to-query' },
    { title: 'Reliable', details: 'Host elements only.' },
    { title: 'Community Driven', details: 'Built in the open.', span: 6 },
  ]

  it('shows a card per feature, linked when the feature has a link', () => {
    renderInApp(<Features features={features} />, { path: '/' })
    const cards = within(screen.getByRole('region', { name: 'Features' })).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(screen.getByRole('link', { name: /Maintainable/ }).getAttribute('href')).toBe(
      '/react-native-testing-library/docs/guides/how-to-query',
    )
    expect(screen.getByRole('heading', { name: 'Reliable' })).toBeTruthy()
  })

  it('spans 4 of 12 columns by default', () => {
    renderInApp(<Features features={features} />, { path: '/' })
    const cards = screen.getAllByRole('listitem')
    expect(cards[0].style.getPropertyValue('--feature-span')).toBe('4')
    expect(cards[2].style.getPropertyValue('--feature-span')).toBe('6')
  })

  it('puts only a whole number of columns into the style, whatever the front-matter holds', () => {
    // The build refuses these (homeFrontmatter.ts); the theme does not trust its data either.
    const hostile = [
      { title: 'A', span: '4;position:fixed;inset:0' },
      { title: 'B', span: 40 },
      { title: 'C', span: 2.5 },
    ] as unknown as typeof features
    renderInApp(<Features features={hostile} />, { path: '/' })
    for (const card of screen.getAllByRole('listitem')) {
      expect(card.getAttribute('style')).toBe('--feature-span: 4;')
    }
  })
})

describe('HTML in hero and feature texts (as Rspress renders it), from untrusted front-matter', () => {
  it('renders inline markup and drops anything that could run', async () => {
    const { frontmatterWithInlineHtml } = await import('../../../engine/markdown/inlineHtml.ts')
    const rich = frontmatterWithInlineHtml({
      hero: {
        ...hero,
        text: 'Tests that <em>read</em> like <strong>user stories</strong><script>window.pwned = 1</script>',
        actions: [{ theme: 'brand', text: 'Quick <code>Start</code>', link: '/docs/start/quick-start' }],
      },
      features: [
        {
          title: 'Main<b>tainable</b>',
          details:
            'Find by <a href="javascript:alert(1)" onclick="alert(1)">role</a>, ' +
            '<img src=x onerror=alert(1)>label and <a href="/docs/guides/how-to-query">text</a>.',
        },
      ],
    }) as { hero: typeof hero; features: Parameters<typeof Features>[0]['features'] }
    renderInApp(
      <>
        <Hero hero={rich.hero} />
        <Features features={rich.features} />
      </>,
      { path: '/' },
    )
    const heading = screen.getByRole('heading', { level: 1 })
    expect(within(heading).getByText('read').tagName).toBe('EM')
    expect(within(heading).getByText('user stories').tagName).toBe('STRONG')
    expect(screen.getByRole('link', { name: 'Quick Start' }).querySelector('code')?.textContent).toBe('Start')
    const feature = screen.getByRole('heading', { level: 2 })
    expect(feature.textContent).toBe('Maintainable')
    expect(within(feature).getByText('tainable').tagName).toBe('B')
    expect(screen.getByRole('link', { name: 'text' }).getAttribute('href')).toBe('/docs/guides/how-to-query')
    expect(document.querySelector('script, img[onerror], [onclick], a[href^="javascript"]')).toBeNull()
    expect((window as { pwned?: number }).pwned).toBeUndefined()
    // A linked card's text keeps no link of its own: links do not nest.
    document.body.innerHTML = ''
    renderInApp(<Features features={[{ ...rich.features[0], link: '/docs/guides/how-to-query' }]} />, { path: '/' })
    expect(document.querySelectorAll('a a')).toHaveLength(0)
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(document.body.textContent).not.toContain('window.pwned')
  })
})
