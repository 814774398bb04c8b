/**
 * Makes sure this thread can import TypeScript from source: a build running from the engine
 * bundle registers the hooks only when something needs them (a theme esbuild could not bundle,
 * say); from the sources, they are registered already and this does nothing.
 */
export async function ensureTypeScript(): Promise<void> {
  const { registerTypeScript } = await import('./registerTypeScript.mjs')
  registerTypeScript()
}
