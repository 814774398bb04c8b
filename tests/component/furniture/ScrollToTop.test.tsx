import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScrollToTop } from '../../../site/theme/furniture/ScrollToTop.tsx'

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
  act(() => {
    window.dispatchEvent(new Event('scroll'))
  })
}

describe('ScrollToTop', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
    vi.restoreAllMocks()
  })

  it('is hidden at the top of the page', () => {
    render(<ScrollToTop />)
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull()
  })

  it('appears once the page is scrolled and hides again at the top', () => {
    render(<ScrollToTop />)
    scrollTo(1)
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeTruthy()
    scrollTo(0)
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull()
  })

  it('scrolls back to the top when clicked', async () => {
    const user = userEvent.setup()
    const windowScrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    render(<ScrollToTop />)
    scrollTo(500)
    await user.click(screen.getByRole('button', { name: 'Back to top' }))
    expect(windowScrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
  })
})
