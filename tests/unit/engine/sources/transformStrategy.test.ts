import { describe, expect, it } from 'vitest'
import {
  chooseTransformStrategy,
  minimumFilesForWorkers,
  type TransformPlanInput,
} from '../../../../engine/sources/transformStrategy.ts'

const plan = (input: Partial<TransformPlanInput>) =>
  chooseTransformStrategy({ uncached: 0, cached: 0, workersAllowed: true, threads: 2, ...input })

describe('where uncached markdown is transformed', () => {
  it('does nothing when every file is cached', () => {
    expect(plan({ cached: 500 })).toEqual({ kind: 'none' })
  })

  it('deals a big cold build out to a worker per thread, at most four', () => {
    expect(plan({ uncached: minimumFilesForWorkers })).toEqual({ kind: 'workers', count: 2 })
    expect(plan({ uncached: 5000, threads: 16 })).toEqual({ kind: 'workers', count: 4 })
  })

  it("transforms a small site's files on the main thread (a worker's start-up costs more)", () => {
    expect(plan({ uncached: 68 })).toEqual({ kind: 'main' })
    expect(plan({ uncached: minimumFilesForWorkers - 1 })).toEqual({ kind: 'main' })
  })

  it("transforms a big site's few changed files on the main thread (a rebuild), many in workers", () => {
    expect(plan({ uncached: 1, cached: 1000 })).toEqual({ kind: 'main' })
    expect(plan({ uncached: minimumFilesForWorkers, cached: 1000 })).toEqual({ kind: 'workers', count: 2 })
  })

  it('keeps everything on the main thread with workers off or one thread', () => {
    expect(plan({ uncached: 5000, workersAllowed: false })).toEqual({ kind: 'main' })
    expect(plan({ uncached: 5000, threads: 1 })).toEqual({ kind: 'main' })
    expect(plan({ uncached: 1, cached: 1000, threads: 1 })).toEqual({ kind: 'main' })
  })
})
