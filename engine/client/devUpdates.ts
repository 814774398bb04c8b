import { devGenerationMeta, devSinceEvent } from '../shared/devUpdate.ts'

/**
 * The dev server's side of the client: which generation of the server's state the document was
 * rendered from, and the question "what changed since?" asked over Vite's HMR socket. In a build
 * there is no meta tag and no `import.meta.hot` (Vite defines it as undefined, so this is dropped).
 */
export function documentGeneration(doc: Document): number | null {
  // Outside the dev server (a build: no hot context), there is none, and this is dropped.
  if (!import.meta.hot) return null
  const content = doc.querySelector(`meta[name="${devGenerationMeta}"]`)?.getAttribute('content')
  const generation = Number(content)
  return content && Number.isInteger(generation) ? generation : null
}

/**
 * Asks the dev server what changed after `generation`; the answer comes as an update event. Vite
 * sends it once its socket is open: a save made before that is in the answer, one made after is
 * broadcast to this page.
 */
export function askForUpdatesSince(generation: number): void {
  if (import.meta.hot) import.meta.hot.send(devSinceEvent, { generation })
}
