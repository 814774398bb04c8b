import path from 'node:path'
import { defineConfig } from 'vitest/config'

const root = path.dirname(new URL(import.meta.url).pathname)

export default defineConfig({
  resolve: {
    alias: [
      { find: /^sheaf\/runtime$/, replacement: path.join(root, 'engine/shared/index.ts') },
      { find: /^sheaf\/plugins\/search\/shared$/, replacement: path.join(root, 'plugins/search/shared/index.ts') },
      { find: /^sheaf\/plugins\/(.*)$/, replacement: path.join(root, 'plugins/$1/index.ts') },
      { find: /^sheaf$/, replacement: path.join(root, 'engine/index.ts') },
    ],
  },
  test: {
    // One copy of graphql: let Vite load it and @graphql-tools together (otherwise two realms).
    server: { deps: { inline: [/graphql/, /@graphql-tools/] } },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'component', include: ['tests/component/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/component/setup.ts'] },
      },
    ],
  },
})
