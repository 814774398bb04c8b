import { startWorker, type WorkerTask } from '../workers/runInWorker.ts'
import type { RenderTaskInit, RenderTaskPage } from './renderTask.ts'

/** Pages per message: a page renders in about 1.5 ms, a message costs a fraction of that. */
const batchSize = 8
/**
 * The worker holds the theme and a batch at a time: a small heap that it collects early keeps a
 * big build's peak near where it was (N=5,000 corpus: 1.64 GB without the worker, 1.69 GB with
 * this limit, 1.79 GB with none).
 */
const heapLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 }
/** Batches the worker may have queued; past that, the main thread renders the page itself. */
const maxBatchesInFlight = 2

/**
 * A worker thread that renders pages beside the main thread (see renderPages.ts).
 *
 * Why: the main thread's render of a page is its queries (a fifth of the time) and React (the
 * rest). Queries need the data layer, which lives on the main thread; React needs only the page
 * data and the theme. So the main thread queries every page, and offers each page's data here;
 * the worker renders and writes the pages it takes, while the main thread renders those it
 * refuses (while the worker loads, or has enough queued), so both cores stay busy.
 */
export interface RenderOffload {
  /** How many pages it took. */
  readonly taken: number
  /** Takes the page for the worker, or returns false: render it here. */
  offer(page: RenderTaskPage): boolean
  /**
   * Waits until every page taken is written, and returns those of batches that failed (none
   * when all went well), for the main thread to render: a template's error is then thrown there,
   * as without a worker, and a worker that could not start or ran out of memory costs only time.
   */
  finish(): Promise<RenderTaskPage[]>
  close(): void
}

/** Starts a render worker; it imports the theme at once, from the same bundle as the main thread. */
export function startRenderWorker(init: RenderTaskInit): RenderOffload {
  const task: WorkerTask<RenderTaskPage[], number> = startWorker(new URL('./renderTask.ts', import.meta.url), init, {
    resourceLimits: heapLimits,
  })
  let batch: RenderTaskPage[] = []
  let inFlight = 0
  let failed = false
  const sent: Promise<RenderTaskPage[]>[] = []
  const send = () => {
    const pages = batch
    batch = []
    inFlight++
    sent.push(
      task
        .run(pages)
        .then(
          () => [],
          () => {
            failed = true
            return pages
          },
        )
        .finally(() => inFlight--),
    )
  }
  let taken = 0
  return {
    get taken() {
      return taken
    },
    offer(page) {
      if (failed || inFlight >= maxBatchesInFlight) return false
      taken++
      batch.push(page)
      if (batch.length >= batchSize) send()
      return true
    },
    async finish() {
      if (batch.length > 0) send()
      return (await Promise.all(sent)).flat()
    },
    close() {
      task.close()
    },
  }
}
