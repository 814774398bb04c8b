import { render, waitFor } from '@testing-library/react'
import NProgress from 'nprogress'
import { afterEach, describe, expect, it } from 'vitest'
import { RouterContext, type Router } from '../../../engine/shared/contexts.ts'
import { ProgressBar } from '../../../site/theme/furniture/ProgressBar.tsx'

function withLoading(loading: boolean) {
  const router: Router = { navigate: async () => undefined, prefetch: () => undefined, loading }
  return (
    <RouterContext.Provider value={router}>
      <ProgressBar />
    </RouterContext.Provider>
  )
}

describe('ProgressBar', () => {
  afterEach(() => {
    NProgress.remove()
    NProgress.status = null
  })

  it('stays away while nothing loads', () => {
    render(withLoading(false))
    expect(document.getElementById('nprogress')).toBeNull()
    expect(NProgress.isStarted()).toBe(false)
  })

  it('runs from the 0.08 minimum while a client navigation loads, then finishes', async () => {
    const { rerender } = render(withLoading(true))
    // nprogress loads on demand (out of first-load JavaScript): the bar starts once it has.
    await waitFor(() => expect(document.getElementById('nprogress')).not.toBeNull())
    expect(NProgress.status).toBeGreaterThanOrEqual(0.08)
    expect(NProgress.settings.speed).toBe(200)
    expect(NProgress.settings.trickleSpeed).toBe(800)
    expect((NProgress.settings as unknown as { trickleRate: number }).trickleRate).toBe(0.02)

    rerender(withLoading(false))
    // done() jumps to 100% and fades; nprogress then reports it is no longer started.
    expect(NProgress.isStarted()).toBe(false)
  })

  it('never starts the bar for a navigation that ended before nprogress loaded', async () => {
    const { rerender } = render(withLoading(true))
    rerender(withLoading(false))
    // Let the pending import settle: the bar must not start afterwards.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.getElementById('nprogress')).toBeNull()
    expect(NProgress.isStarted()).toBe(false)
  })
})
