import { describe, expect, it } from 'vitest'
import { chooseTransformStrategy, minimumCachedForBackground, minimumFilesForWorkers, type TransformPlanInput } from '../../../../engine/sources/transformStrategy.ts'

const plan = (input: Partial<TransformPlanInput>) => chooseTransformStrategy({ uncached: 0, cached: 0, workersAllowed: true, threads: 2, prestarted: false, canHighlightAhead: true, ...input })

describe('where uncached markdown is transformed', () => {
  it('does nothing when every file is cached', () => {
    expect(plan({ cached: 500 })).toEqual({ kind: 'none' })
  })

  it('deals a big cold build out to a worker per thread, at most four', () => {
    expect(plan({ uncached: minimumFilesForWorkers })).toEqual({ kind: 'workers', count: 2 })
    expect(plan({ uncached: 5000, threads: 16 })).toEqual({ kind: 'workers', count: 4 })
  })

  it("highlights a small site's code blocks in a worker while the main thread parses", () => {
    expect(plan({ uncached: 68 })).toEqual({ kind: 'main-highlight' })
    expect(plan({ uncached: 68, canHighlightAhead: false })).toEqual({ kind: 'main' })
  })

  it('transforms the few changed files of a big site in the background, or when a worker was started with the build', () => {
    expect(plan({ uncached: 1, cached: minimumCachedForBackground })).toEqual({ kind: 'background' })
    expect(plan({ uncached: 1, cached: 10, prestarted: true })).toEqual({ kind: 'background' })
  })

  it('keeps everything on the main thread with workers off or one thread', () => {
    expect(plan({ uncached: 5000, workersAllowed: false })).toEqual({ kind: 'main' })
    expect(plan({ uncached: 5000, threads: 1 })).toEqual({ kind: 'main' })
    expect(plan({ uncached: 1, cached: 1000, threads: 1 })).toEqual({ kind: 'main' })
  })
})
