import { describe, expect, it } from 'vitest'
import { isViteModuleRoute } from '../../../../engine/server/viteModuleRoute.ts'

describe(
  "which dev requests are Vite's modules (served at once) " +
    'and which are emitted files (they wait for the background pass)',
  () => {
    const cacheRoute = '/.sheaf-cache/vite/'

    it("takes Vite's own routes, packages, the client entry, the theme, and the engine's compiled client for Vite's", () => {
      for (const route of [
        '/@vite/client',
        '/@fs/work/main/dist/engine/client/start.js',
        '/node_modules/.vite/deps/react.js',
        '/.sheaf/client-entry.tsx',
        '/site/theme/Layout.tsx',
        '/plugins/search/client.ts',
      ]) {
        expect(isViteModuleRoute(route, cacheRoute), route).toBe(true)
      }
      // The engine's own repository as the site: its client modules are served from dist/.
      expect(isViteModuleRoute('/dist/engine/client/start.js', cacheRoute)).toBe(true)
      expect(isViteModuleRoute('/dist/plugins/analytics/client.js', cacheRoute)).toBe(true)
    })

    it("takes Vite's pre-bundled dependencies in the site's cache folder for Vite's", () => {
      expect(isViteModuleRoute('/.sheaf-cache/vite/deps/react.js', cacheRoute)).toBe(true)
    })

    it('leaves the files the site emits to wait for them', () => {
      for (const route of [
        '/sitemap.xml',
        '/llms.txt',
        '/static/search_index.13.x.en.latest.json',
        '/og/docs/api/render.png',
        '/old-start.html',
        '/distribution.json',
      ]) {
        expect(isViteModuleRoute(route, cacheRoute), route).toBe(false)
      }
    })
  },
)
