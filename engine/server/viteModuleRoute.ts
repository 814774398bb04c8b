/**
 * Whether a dev request (its route, the base stripped) is one of Vite's modules, which Vite serves
 * at once, rather than a file the site emits (an index, a redirect's page, a social card), which
 * waits for the background pass that makes them.
 *
 * Vite's routes: its own (`/@vite/client`, `/@fs/...`, `/@id/...`), packages, the client entry
 * (`.sheaf/`), the theme and plugins of the site, the engine's client modules (under `dist/`,
 * served from the site's folder when the site is the engine's own repository: this site's first
 * page waited 3 s for the background pass to hydrate), and Vite's pre-bundled dependencies
 * (`cacheRoute`, inside the site's cache folder: React itself once waited 10-40 s at N=1,000).
 */
export function isViteModuleRoute(route: string, cacheRoute: string): boolean {
  return /^\/(@|node_modules\/|\.sheaf\/|dist\/|engine\/|site\/|plugins\/)/.test(route) || route.startsWith(cacheRoute)
}
