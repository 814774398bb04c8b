/**
 * Where the markdown files a build must transform (those not in the cache) are transformed: the
 * one place that decides it. Every strategy writes the same results into the markdown cache; the
 * transform that follows reads them, so the output never depends on the choice.
 *
 * - `none`: nothing to transform (every file is cached).
 * - `main`: on the main thread, one after the other as the transform reaches them (workers off).
 * - `main-highlight`: on the main thread, all started at once, while a worker highlights their
 *   code blocks (a small site's cold build: highlighting is half its transform, see highlightAhead.ts).
 * - `background`: one worker transforms the few changed files of a big site while the main thread
 *   reads the cached rest (a rebuild: the main thread never loads the pipeline).
 * - `workers`: every file dealt out to worker threads (a cold build of a big site).
 */
export type TransformStrategy = { kind: 'none' } | { kind: 'main' } | { kind: 'main-highlight' } | { kind: 'background' } | { kind: 'workers'; count: number }

export interface TransformPlanInput {
  /** Files the cache does not have. */
  uncached: number
  /** Files the cache has. */
  cached: number
  /** Worker threads allowed at all (`build({ workers: false })` says no). */
  workersAllowed: boolean
  /** Threads the build may keep busy (the config's buildConcurrency). */
  threads: number
  /** A worker started with the build (a rebuild), loading the pipeline already. */
  prestarted: boolean
  /** The main thread's processor can take highlighted blocks from a worker. */
  canHighlightAhead: boolean
}

/**
 * Below this many uncached files, a worker's start-up (loading the pipeline and compiling
 * grammars, a second or two) costs more than it saves: the main thread does them (N=100 corpus:
 * 3.0 s on the main thread, 4.5 s with two workers).
 */
export const minimumFilesForWorkers = 150

/**
 * A rebuild of a big site re-transforms a page or two and reads every other page from the cache
 * (half a second at N = 1,000). One worker transforms the few in the background meanwhile,
 * instead of the main thread loading the pipeline first (0.3 s).
 */
export const minimumCachedForBackground = 200

/** Most markdown workers: past four, their start-up and memory outweigh what they add on the machines we measured. */
const maximumWorkers = 4

export function chooseTransformStrategy(input: TransformPlanInput): TransformStrategy {
  if (input.uncached === 0) return { kind: 'none' }
  if (!input.workersAllowed || input.threads < 2) return { kind: 'main' }
  if (input.uncached >= minimumFilesForWorkers) return { kind: 'workers', count: Math.min(input.threads, maximumWorkers) }
  if (input.prestarted || input.cached >= minimumCachedForBackground) return { kind: 'background' }
  return input.canHighlightAhead ? { kind: 'main-highlight' } : { kind: 'main' }
}
