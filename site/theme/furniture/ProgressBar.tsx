import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useRouter } from 'sheaf/runtime'

/**
 * The nprogress options of SPEC §9. nprogress 0.2 has a `trickleRate` setting
 * (each trickle adds up to 0.02) that its type definitions leave out; we use
 * its own trickle (rate 0.02 every 800 ms) rather than a timer of ours.
 */
const progressOptions: Partial<NProgress.NProgressOptions> & { trickleRate: number } = {
  minimum: 0.08,
  speed: 200,
  trickle: true,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
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
    NProgress.configure(progressOptions)
  }, [])

  useEffect(() => {
    if (!loading) return undefined
    NProgress.start()
    return () => {
      NProgress.done()
    }
  }, [loading])

  return null
}
