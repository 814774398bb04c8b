import path from 'node:path'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const root = path.dirname(new URL(import.meta.url).pathname)
const dist = path.join(root, 'dist')
const compiledFolders = ['engine', 'plugins'].map((dir) => path.join(root, dir) + path.sep)

/**
 * Tests run the engine's compiled JavaScript (dist/), as `sheaf build` and its worker threads do:
 * a test's `import '../../engine/build.ts'` loads dist/engine/build.js. tests/compileFirst.ts
 * compiles stale sources before any test runs.
 */
function compiledEngine(): Plugin {
  return {
    name: 'sheaf-compiled-engine',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/\.tsx?$/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      const file = resolved?.id
      if (!file || !compiledFolders.some((folder) => file.startsWith(folder))) return null
      return path.join(dist, path.relative(root, file)).replace(/\.tsx?$/, '.js')
    },
  }
}

export default defineConfig({
  plugins: [compiledEngine()],
  resolve: {
    alias: [
      { find: /^sheaf\/runtime$/, replacement: path.join(dist, 'engine/shared/index.js') },
      { find: /^sheaf\/cache$/, replacement: path.join(dist, 'engine/incremental/persistentCache.js') },
      { find: /^sheaf\/markdown$/, replacement: path.join(dist, 'engine/markdown/toolkit.js') },
      { find: /^sheaf\/plugins\/search\/shared$/, replacement: path.join(dist, 'plugins/search/shared/index.js') },
      { find: /^sheaf\/plugins\/(.*)$/, replacement: path.join(dist, 'plugins/$1/index.js') },
      { find: /^sheaf$/, replacement: path.join(dist, 'engine/index.js') },
    ],
  },
  test: {
    globalSetup: ['tests/compileFirst.ts'],
    // Test files share their worker's modules (no fresh module graph per file) and both cores run
    // files: on this 2-core machine the suite took 193 s with the defaults, 66 s so. A test that
    // needs fresh module state says so itself (vi.resetModules).
    isolate: false,
    maxWorkers: 2,
    // Modules Vite loads itself rather than handing them to Node, so that they share its instances:
    // graphql (otherwise two realms), and the theme bundles that builds keep in
    // node_modules/.cache/sheaf/theme, which import the engine's runtime (handed to Node, they
    // would get a second runtime, without the contexts the engine's App provides).
    server: { deps: { inline: [/graphql/, /node_modules\/\.cache\/sheaf\//] } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
})
