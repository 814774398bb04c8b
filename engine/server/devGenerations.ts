import type { DevUpdate } from '../shared/devUpdate.ts'

/** Generations kept to answer "what changed since mine?"; a page older than that refetches. */
const keptGenerations = 100

/**
 * The dev server's generations: one per state it swapped in (a rebuild, a theme edit). A page is
 * rendered from one generation and carries its number; when the page's HMR socket connects it asks
 * what changed since, so a save made while it loaded (before the socket could hear of it) is not
 * lost. Each generation records the routes whose data is known NOT to have changed (cached page
 * data whose reads are untouched): every other route may have changed, including the ones never
 * queried, so the record stays as small as the set of pages visited.
 */
export class DevGenerations {
  private current = 0
  /** Per generation after the first kept one: the routes (route keys) unchanged by it; null: all may have changed. */
  private readonly unchangedBy = new Map<number, ReadonlySet<string> | null>()

  get generation(): number {
    return this.current
  }

  /** Starts a new generation in which only `unchanged` routes (route keys) are known to be as they were. */
  advance(unchanged: Iterable<string> | null): DevUpdate {
    this.current += 1
    this.unchangedBy.set(this.current, unchanged ? new Set(unchanged) : null)
    this.unchangedBy.delete(this.current - keptGenerations)
    return this.since(this.current - 1)
  }

  /**
   * What changed after generation `known`: the routes unchanged by every generation since (a
   * page whose route is not among them refetches its data). `unchanged: null` when the answer is
   * "anything may have", as for a generation older than those kept.
   */
  since(known: number): DevUpdate {
    const from = Math.max(0, Math.min(known, this.current))
    let unchanged: Set<string> | null = null
    for (let generation = from + 1; generation <= this.current; generation++) {
      const set = this.unchangedBy.get(generation)
      if (!set) return { from, generation: this.current, unchanged: null }
      unchanged = new Set([...(unchanged ?? set)].filter((route) => set.has(route)))
    }
    // Nothing after `known` (unchanged still null): the page is current, and ignores a generation not newer than its
    // own.
    return { from, generation: this.current, unchanged: unchanged ? [...unchanged] : null }
  }
}
