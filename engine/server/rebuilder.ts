import path from 'node:path'
import { formatError } from '../errors.ts'
import { parseReadKey, ReadDigests } from '../incremental/readKey.ts'
import { combinedContentErrors } from '../pipeline/brokenFiles.ts'
import { prepareStaticQueries, staticQueryModules } from '../pipeline/staticQueries.ts'
import { routeKey } from '../shared/routes.ts'
import type { DevUpdate } from '../shared/devUpdate.ts'
import type { BackgroundStart } from './backgroundStart.ts'
import { applyBodyEdit } from './bodyEdit.ts'
import { changedNodeIds } from './changedNodes.ts'
import type { DevOverlay } from './devOverlay.ts'
import type { DevSession } from './devSession.ts'
import { loadDevState, type DevState } from './devState.ts'
import { createRebuildQueue, FileSnapshots, isEmptyFile, type RebuildQueue } from './rebuildQueue.ts'

/** The swap of the background pass's result (a queue entry that names no file). */
export const backgroundSwap = '\0background pass'
/** The full rebuild that follows quick edits (a queue entry that names no file). */
const fullRebuild = '\0full rebuild after quick edits'
/** The static queries' reads, offered to a quick edit beside the pages' (a route no page has). */
const staticsRoute = '\0static queries'
/** Quiet time after a quick (body-only) edit before the full rebuild that checks everything else. */
const fullRebuildDelayMs = 800

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * The dev server's rebuilds: one at a time, a save during one runs one more after it (see
 * rebuildQueue.ts), and an event for a file that reads as it did at the last one (the other
 * watcher's copy) is no save. A body-only save takes the quick path (bodyEdit.ts); the full
 * rebuild that checks the rest follows once saves have stopped for a moment, so a burst of edits
 * is not queued behind it. The one owner of `session.state` after the cold start (see swapIn).
 */
export class Rebuilder {
  private readonly snapshots = new FileSnapshots()
  private readonly queue: RebuildQueue
  private fullTimer: NodeJS.Timeout | undefined
  private readonly session: DevSession
  private readonly overlay: DevOverlay
  private readonly background: BackgroundStart
  private readonly broadcast: (update: DevUpdate) => void

  constructor(
    session: DevSession,
    overlay: DevOverlay,
    background: BackgroundStart,
    broadcast: (update: DevUpdate) => void,
  ) {
    this.session = session
    this.overlay = overlay
    this.background = background
    this.broadcast = broadcast
    const isChanged = (file: string) => {
      const changed = this.snapshots.changed(file)
      if (changed) background.noteSave(file)
      return changed
    }
    this.queue = createRebuildQueue((files) => this.rebuild(files), isChanged, isEmptyFile)
  }

  /** A file changed (or may have). `force`: a queue entry that names no file (see backgroundSwap). */
  schedule(file: string, force = false): void {
    this.queue.schedule(file, force)
  }

  /** A full load of the site from its files, warm (the current state's session and caches). */
  load(): Promise<DevState> {
    const { root, options, state } = this.session
    const onFilesError = (error: unknown) => this.overlay.show(error)
    return loadDevState(root, { configFile: options.configFile, session: state.site.session, onFilesError })
  }

  close(): void {
    clearTimeout(this.fullTimer)
  }

  private async rebuild(files: string[]): Promise<void> {
    clearTimeout(this.fullTimer)
    if (files.includes(backgroundSwap)) {
      const taken = this.background.take()
      files = files.filter((file) => file !== backgroundSwap)
      if (files.length === 0) {
        // A save's full load replaced the outline already: nothing is left for the pass to do.
        if (!this.session.state.bodies || !taken?.result) return this.session.backgroundDone()
        const named = 'the site (background pass: every page transformed and checked)'
        if (!taken.stale) return this.swapIn(taken.result, named, taken.started)
      }
      // A stale result (or saves with it): a full rebuild reads the files as they are now.
      files = [fullRebuild]
    }
    const [first] = files as [string]
    if (files.length === 1 && first !== fullRebuild && !this.overlay.failing && (await this.quickEdit(first))) return
    const started = performance.now()
    try {
      const next = await this.load()
      const one = first === fullRebuild ? 'the site (after quick edits)' : path.relative(this.session.root, first)
      const named = files.length === 1 ? one : `${files.length} files`
      await this.swapIn(next, named, started)
    } catch (error) {
      console.error(formatError(error))
      this.overlay.show(error)
    }
  }

  /** The quick path for a body-only save (see bodyEdit.ts); false when the save is anything else. */
  private async quickEdit(file: string): Promise<boolean> {
    const started = performance.now()
    const { session } = this
    const update = await session.inTurn(async () => {
      const { state } = session
      const reads = [...state.cache].map(([route, entry]) => [route, entry.reads] as [string, Set<string>])
      if (state.statics && state.staticReads) reads.push([staticsRoute, state.staticReads])
      const edit = await applyBodyEdit(state.site, file, reads, state.bodies)
      if (!edit) return null
      // A static query read what changed: its results (and the file every page names) may be new.
      const statics = edit.changedRoutes.includes(staticsRoute) && (await this.rerunStaticQueries(state))
      if (statics) state.cache.clear()
      const pages = edit.changedRoutes.filter((route) => route !== staticsRoute)
      for (const route of pages) state.cache.delete(route)
      const note = statics ? ', static queries run again: every page' : ''
      const took = `body only, ${Math.round(performance.now() - started)} ms`
      const named = path.relative(session.root, file)
      console.log(`[sheaf] ${named} changed: ${plural(pages.length, 'page')} to re-query${note} (${took})`)
      return session.generations.advance([...state.cache.keys()].map(routeKey))
    })
    if (!update) return false
    this.broadcast(update)
    // While the background pass runs, its swap does what the full rebuild would (see swapIn).
    if (!this.background.running) {
      clearTimeout(this.fullTimer)
      this.fullTimer = setTimeout(() => this.queue.schedule(fullRebuild, true), fullRebuildDelayMs).unref()
    }
    return true
  }

  /** Runs the static queries again on the state's store; true when their results changed. */
  private async rerunStaticQueries(state: DevState): Promise<boolean> {
    const { config, dataLayer, run } = state.site
    const staticReads = new Set<string>()
    const modules = staticQueryModules(config)
    const statics = await prepareStaticQueries(modules, config.root, config.base, dataLayer, run, staticReads)
    state.staticReads = staticReads
    if (statics?.asset.hash === state.statics?.asset.hash) return false
    state.statics = statics
    return true
  }

  /**
   * Swaps a full load's state in: pages whose queries read nothing that changed keep their data;
   * the rest refetch in place.
   */
  private async swapIn(next: DevState, named: string, started: number): Promise<void> {
    const { session } = this
    const { state } = session
    const changed = changedNodeIds(state.site.store, next.site.store)
    // An outline page whose body was never transformed holds placeholders where the full load
    // has its body and headings: whatever read them is re-queried.
    for (const id of state.bodies?.pending ?? []) changed.ids.add(id)
    // New static query results: every page names their new file, so every page refetches.
    const newStatics = next.statics?.asset.hash !== state.statics?.asset.hash
    const structural = changed.structural || next.pages.size !== state.pages.size || newStatics
    const before = new ReadDigests(state.site.store)
    const after = new ReadDigests(next.site.store)
    const changedRead = (key: string) => changed.ids.has(parseReadKey(key).nodeId) && before.of(key) !== after.of(key)
    let dropped = 0
    const update = await session.inTurn(async () => {
      // Keep cached page data whose queries read nothing that changed (for a read of some
      // fields: none of those fields changed). In the turn, so no data request of the old
      // state lands between this and the swap.
      for (const [route, entry] of session.state.cache) {
        if (!structural && ![...entry.reads].some(changedRead)) next.cache.set(route, entry)
        else dropped++
      }
      const recovered = this.overlay.failing
      // The outline's body worker has nothing left to do.
      session.state.bodies?.close()
      session.state = next
      await session.writeEntry(false)
      // After an error every page refetches (what it shows may predate more than one save).
      return session.generations.advance(recovered ? null : [...next.cache.keys()].map(routeKey))
    })
    session.backgroundDone()
    const added = structural ? ' (pages added or removed)' : ''
    const took = `${Math.round(performance.now() - started)} ms`
    console.log(`[sheaf] ${named} changed: ${plural(dropped, 'page')} to re-query${added} (${took})`)
    this.overlay.clear()
    this.broadcast(update)
    // The pages that built are served; the broken files stay in the overlay and the terminal until fixed.
    if (next.broken.length > 0) {
      const error = combinedContentErrors(next.broken)
      console.error(formatError(error))
      this.overlay.show(error)
    }
    // The pages are updated first; the search index and other emitted files follow (1 s at N=1,000).
    session.emitFilesSoon()
  }
}
