import fs from 'node:fs'
import path from 'node:path'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { DevSession } from './devSession.ts'

/** After the first page, before the pipeline is warmed (after the page's own scripts and data have been asked for). */
const warmDelayMs = 1500

/**
 * The markdown pipeline and its highlighter are made on first use, and a start from the cache
 * (or one whose pages worker threads transformed) never uses them on this thread: the first
 * save then paid for them (850 ms of a rebuild that otherwise takes 70 on this site). Once the
 * first page is served and the server idle, the page's own source goes through them once (its
 * code languages loaded): it is the file most likely saved next. The result is not kept.
 * Returns the warm-up, which runs once.
 */
export function transformerWarmup(session: DevSession): (page: RegisteredPage) => void {
  let warmed = false
  return (page) => {
    if (warmed) return
    warmed = true
    const { site } = session.state
    const source = site.dataLayer.pageSource(page.path)
    const file = source && path.resolve(session.root, source)
    if (!file || !/\.mdx?$/.test(file)) return
    setTimeout(() => {
      fs.promises
        .readFile(file, 'utf8')
        .then((text) => {
          const { processor } = session.state.site.session
          return processor.process({ source: text, file: source as string, mdx: file.endsWith('.mdx') })
        })
        // A broken page is reported when it is built, not by a warm-up.
        .catch(() => undefined)
    }, warmDelayMs).unref()
  }
}
