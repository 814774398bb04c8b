import react from '@vitejs/plugin-react'
import type { InlineConfig } from 'vite'
import { fileURLToPath } from 'node:url'
import { publicFilesGuard } from './publicFiles.ts'
import { sharedReact } from './sharedReact.ts'

/** The Vite config shared by the production bundle and the dev server. */
export function createViteConfig(options: {
  root: string
  base: string
  publicDir: string
  mode: 'production' | 'development'
}): InlineConfig {
  return {
    root: options.root,
    base: options.base,
    mode: options.mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: options.publicDir,
    resolve: {
      alias: [
        // The very files the engine runs (compiled: the URLs below end in .js in dist/), so the client bundle and the
        // theme share one runtime.
        { find: /^sheaf\/runtime$/, replacement: fileURLToPath(new URL('../shared/index.ts', import.meta.url)) },
        // Rspress's runtime for a migrated site's own components (see shared/rspressRuntime.tsx).
        {
          find: /^sheaf\/runtime\/rspress$/,
          replacement: fileURLToPath(new URL('../shared/rspressRuntime.tsx', import.meta.url)),
        },
        {
          find: /^sheaf\/plugins\/search\/shared$/,
          replacement: fileURLToPath(new URL('../../plugins/search/shared/index.ts', import.meta.url)),
        },
        { find: /^sheaf$/, replacement: fileURLToPath(new URL('../index.ts', import.meta.url)) },
      ],
    },
    // The guard serves only the public files a build would publish (see publicFiles.ts).
    plugins: [
      sharedReact(options.root),
      react(),
      publicFilesGuard({ root: options.root, base: options.base, publicDir: options.publicDir }),
    ],
  }
}
