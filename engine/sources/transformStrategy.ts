/**
 * Where the markdown files a build must transform (those not in the cache) are transformed: the
 * one place that decides it. Every strategy writes the same results into the markdown cache; the
 * transform that follows reads them, so the output never depends on the choice.
 *
 * - `none`: nothing to transform (every file is cached).
 * - `main`: on the main thread, one after the other as the transform reaches them (workers off).
 * - `workers`: every file dealt out to worker threads (a cold build of a big site).
 */
export type TransformStrategy = { kind: 'none' } | { kind: 'main' } | { kind: 'workers'; count: number }

export interface TransformPlanInput {
  /** Files the cache does not have. */
  uncached: number
  /** Files the cache has. */
  cached: number
  /** Worker threads allowed at all (`build({ workers: false })` says no). */
  workersAllowed: boolean
  /** Threads the build may keep busy (the config's buildConcurrency). */
  threads: number
}

/**
 * Below this many uncached files, a worker's start-up (loading the pipeline and compiling
 * grammars, a second or two) costs more than it saves: the main thread does them (N=100 corpus:
 * 3.0 s on the main thread, 4.5 s with two workers).
 */
export const minimumFilesForWorkers = 150

/*
 * A rebuild's few changed files are transformed on the main thread too. A worker started with the
 * rebuild to transform them while the main thread read the cached rest was slower: its start-up
 * (Node, the pipeline, shiki: about 0.5 s of CPU) took the second core from the search index's
 * worker. One-page rebuilds, alternating with and without it: N=1,000 corpus 2.40-2.82 s against
 * 2.71-2.94 s (9 pairs, 8 won), this site 1.28-1.49 s against 1.48-1.83 s (5 pairs, all won).
 */

/** Most markdown workers: past four, their start-up and memory outweigh what they add on the machines we measured. */
const maximumWorkers = 4

export function chooseTransformStrategy(input: TransformPlanInput): TransformStrategy {
  if (input.uncached === 0) return { kind: 'none' }
  if (!input.workersAllowed || input.threads < 2) return { kind: 'main' }
  if (input.uncached < minimumFilesForWorkers) return { kind: 'main' }
  return { kind: 'workers', count: Math.min(input.threads, maximumWorkers) }
}
