import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import NotFound from '../../../site/theme/templates/NotFound.tsx'
import { renderInApp } from './renderInApp.tsx'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('NotFound', () => {
  it("shows '404', 'PAGE NOT FOUND' and a 'Take me home' link to the site root", () => {
    window.history.replaceState(null, '', '/react-native-testing-library/no-such-page')
    renderInApp(<NotFound />, { path: '/404' })
    expect(screen.getByText('404')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe(
      '/react-native-testing-library/',
    )
  })

  it('keeps the version prefix of the missing route', async () => {
    window.history.replaceState(null, '', '/react-native-testing-library/12.x/docs/nothing-here')
    renderInApp(<NotFound />, { path: '/404' })
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe(
        '/react-native-testing-library/12.x/',
      ),
    )
  })
})
