/**
 * The markdown pipeline, imported when first needed: a cold build whose worker threads transform
 * every page never loads it (nor shiki) on the main thread.
 */
export const markdownModules = {
  processor: () => import('./processor.ts'),
  highlighter: () => import('./highlighter.ts'),
}
