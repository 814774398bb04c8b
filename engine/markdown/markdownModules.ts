import { prebundledGroup } from '../loading/prebundle.ts'

/**
 * The markdown pipeline, imported from a prebundled copy (see prebundle.ts):
 * the main thread loads it for the pages it transforms itself, each worker
 * thread of a big build for its share.
 */
export const markdownModules = prebundledGroup<{
  processor: typeof import('./processor.ts')
  highlighter: typeof import('./highlighter.ts')
  worker: typeof import('../sources/markdownWorker.ts')
}>('markdown', {
  processor: new URL('./processor.ts', import.meta.url),
  highlighter: new URL('./highlighter.ts', import.meta.url),
  worker: new URL('../sources/markdownWorker.ts', import.meta.url),
})
