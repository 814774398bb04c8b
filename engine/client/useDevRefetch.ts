import { useEffect, useRef } from 'react'
import { applyDevUpdate, isDevUpdate } from '../shared/devUpdate.ts'
import { resolvePath, routeKey, stripBase } from '../shared/routes.ts'
import { askForUpdatesSince, documentGeneration } from './devUpdates.ts'
import type { createPageLoader } from './pageLoader.ts'
import { loadView, type LoadTemplate, type View } from './view.ts'

/**
 * Dev server only. The server says its state changed (engine/server/devGenerations.ts): refetch the
 * current page's data in place when it may have changed, keeping scroll position and component state.
 * In a build the document names no generation, and this listens for nothing that ever comes.
 */
export function useDevRefetch(
  base: string,
  loader: ReturnType<typeof createPageLoader>,
  loadTemplate: LoadTemplate,
  setView: (view: View) => void,
): void {
  // The generation of the server's state this page's data is from, and the last refetch asked for.
  const generation = useRef(documentGeneration(document))
  const refetched = useRef(0)
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const update = (event as CustomEvent<unknown>).detail
      const route = stripBase(window.location.pathname, base)
      if (!isDevUpdate(update) || generation.current === null || route === null) return
      const current = resolvePath(route)
      const { generation: next, refetch } = applyDevUpdate(update, generation.current, routeKey(current))
      if (next === generation.current) return
      generation.current = next
      loader.invalidate()
      if (!refetch) return
      // Only the newest refetch lands: an older one's answer may come later, with older data.
      const ticket = ++refetched.current
      void loader.load(current).then(async (result) => {
        if (!result.page) return
        const view = await loadView(result.page, loadTemplate)
        const still = stripBase(window.location.pathname, base)
        // Not after a newer refetch, nor once the reader has moved on to another page.
        if (ticket === refetched.current && still !== null && resolvePath(still) === current) setView(view)
      })
    }
    window.addEventListener('sheaf:update', onUpdate)
    // Listening now: ask what changed since the page was rendered (a save during its load).
    if (generation.current !== null) askForUpdatesSince(generation.current)
    return () => window.removeEventListener('sheaf:update', onUpdate)
  }, [loader, loadTemplate, base, setView])
}
