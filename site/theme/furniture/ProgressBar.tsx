import type NProgressType from 'nprogress'
import { useEffect } from 'react'
import { useRouter } from 'sheaf/runtime'

/**
 * The nprogress options of SPEC §9. nprogress 0.2 has a `trickleRate` setting
 * (each trickle adds up to 0.02) that its type definitions leave out; we use
 * its own trickle (rate 0.02 every 800 ms) rather than a timer of ours.
 */
const progressOptions: Partial<NProgressType.NProgressOptions> & { trickleRate: number } = {
  minimum: 0.08,
  speed: 200,
  trickle: true,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
}

type NProgress = typeof NProgressType
let nprogress: Promise<NProgress> | null = null

/**
 * nprogress (1.7 KB gzip, and its styles) is needed only once a client navigation starts, never
 * for the first page: it loads at the reader's first gesture (or at the first
 * navigation, whichever comes first), keeping it out of first-load JavaScript.
 */
function loadProgress(): Promise<NProgress> {
  nprogress ??= import('./nprogress.ts').then((module) => {
    const NProgress = module.default
    NProgress.configure(progressOptions)
    return NProgress
  })
  return nprogress
}

/**
 * Shows the loading bar at the top of the window while a client navigation
 * loads (`useRouter().loading`). The first page load never shows it: the
 * router only sets `loading` for client navigations. Renders nothing itself;
 * nprogress adds its own element to <body>.
 */
export function ProgressBar() {
  const { loading } = useRouter()

  useEffect(() => {
    // The reader's first gesture (pointer over the page, a key, a touch) precedes any click
    // or key that navigates; a navigation without one (history) loads it as it starts.
    const gestures = ['pointerover', 'pointerdown', 'keydown', 'touchstart'] as const
    const load = () => {
      for (const gesture of gestures) window.removeEventListener(gesture, load, true)
      void loadProgress().catch(() => undefined)
    }
    for (const gesture of gestures) window.addEventListener(gesture, load, { capture: true, passive: true })
    return () => {
      for (const gesture of gestures) window.removeEventListener(gesture, load, true)
    }
  }, [])

  useEffect(() => {
    if (!loading) return undefined
    // The navigation may end before nprogress has loaded: then the bar never starts.
    let ended = false
    let started: NProgress | null = null
    loadProgress().then(
      (NProgress) => {
        if (ended) return
        NProgress.start()
        started = NProgress
      },
      // A failed chunk load costs the bar, not the navigation.
      () => undefined,
    )
    return () => {
      ended = true
      started?.done()
    }
  }, [loading])

  return null
}
