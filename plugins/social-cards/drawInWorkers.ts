import { startWorker, type WorkerTask } from 'sheaf'
import { uniqueByKey, type CardJob } from './cardJobs.ts'
import type { DrawCardsInput, DrawnCard } from './drawCardsTask.ts'

/** About half a second of drawing: less than that is not worth another worker's start-up (see drawInWorkers). */
const cardsPerWorker = 100

export type CardWorker = WorkerTask<DrawCardsInput, DrawnCard[]>

/** A thread that draws cards (drawCardsTask.ts), loading HarfBuzz, resvg and the fonts from the start. */
export function startCardWorker(): CardWorker {
  return startWorker<DrawCardsInput, DrawnCard[]>(new URL('./drawCardsTask.ts', import.meta.url))
}

/**
 * Draws cards in worker threads, at most `threads` (the config's buildConcurrency), sharing the
 * cards between them; none for a build whose cards are all cached. Drawing one after another on
 * the main thread took about 70 ms a card (N cards: N x 70 ms of post-build). Each worker writes
 * its cards into the cache folder and sends back their sizes (see drawCardsTask.ts). `prestarted`: a
 * worker already loading, used for the first share (and closed with the others); one that gets
 * no share is closed.
 */
export async function drawInWorkers(
  jobs: CardJob[],
  cacheDir: string,
  threads: number,
  prestarted: CardWorker | null,
): Promise<DrawnCard[]> {
  const contents = jobs.map((job) => ({ key: job.key, content: job.content }))
  if (contents.length === 0) {
    prestarted?.close()
    return []
  }
  // A worker costs about half a second of CPU to start and warm up (HarfBuzz, resvg, the fonts,
  // the compiler on its loops) and a card 3-8 ms:
  // another worker is worth it only for another `cardsPerWorker` cards. The cards are drawn
  // while the main thread renders, so on a small site (this repository's 66 cards) a second
  // worker only took CPU from the render.
  const workers = Math.max(1, Math.min(threads, Math.floor(contents.length / cardsPerWorker)))
  const share = Math.ceil(contents.length / workers)
  const shares = Array.from({ length: workers }, (_, index) => contents.slice(index * share, (index + 1) * share))
  const drawn = await Promise.all(
    shares.map(async (part, index) => {
      const worker = (index === 0 ? prestarted : null) ?? startCardWorker()
      try {
        return await worker.run({ cards: part, cacheDir })
      } finally {
        worker.close()
      }
    }),
  )
  return drawn
    .flat()
    .map((card) => (typeof card === 'number' || card instanceof Uint8Array ? card : new Uint8Array(card)))
}

/**
 * Starts drawing, in worker threads, the cards whose key is not in the cache's index; each card's
 * drawing by its key.
 */
export function drawUncached(
  jobs: CardJob[],
  cached: ReadonlySet<string>,
  cacheDir: string,
  threads: number,
  prestarted: CardWorker | null,
): Map<string, Promise<DrawnCard>> {
  // Only whether a card is in the store's index: onPostBuild finds a damaged one, and draws it then.
  const toDraw = uniqueByKey(jobs.filter((job) => !cached.has(job.key)))
  const drawing = drawInWorkers(toDraw, cacheDir, threads, prestarted)
  // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
  drawing.catch(() => undefined)
  return new Map(toDraw.map((job, index) => [job.key, drawing.then((cards) => cards[index])]))
}

/** The cards of `missing` by key: those already drawing (`early`) awaited, the others drawn now. */
export async function drawMissing(
  missing: CardJob[],
  early: Map<string, Promise<DrawnCard>>,
  cacheDir: string,
  threads: number,
  prestarted: CardWorker | null,
): Promise<Map<string, DrawnCard | undefined>> {
  const late = missing.filter((job) => !early.has(job.key))
  const drawnLate = drawInWorkers(late, cacheDir, threads, prestarted)
  return new Map(
    await Promise.all(
      missing.map(
        async (job) =>
          [job.key, early.get(job.key) ? await early.get(job.key) : (await drawnLate)[late.indexOf(job)]] as const,
      ),
    ),
  )
}
