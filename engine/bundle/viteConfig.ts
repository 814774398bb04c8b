import react from '@vitejs/plugin-react'
import path from 'node:path'
import type { InlineConfig } from 'vite'
import { engineDir } from './clientEntry.ts'
import { publicLinksGuard } from './publicFiles.ts'

/** The Vite config shared by the production bundle and the dev server. */
export function createViteConfig(options: { root: string; base: string; publicDir: string; mode: 'production' | 'development' }): InlineConfig {
  return {
    root: options.root,
    base: options.base,
    mode: options.mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: options.publicDir,
    resolve: {
      alias: [
        { find: /^sheaf\/runtime$/, replacement: path.join(engineDir, 'shared', 'index.ts') },
        { find: /^sheaf\/plugins\/search\/shared$/, replacement: path.join(engineDir, '..', 'plugins', 'search', 'shared', 'index.ts') },
        { find: /^sheaf$/, replacement: path.join(engineDir, 'index.ts') },
      ],
    },
    // The guard refuses public files reached through links that leave the project (see publicFiles.ts).
    plugins: [react(), publicLinksGuard({ root: options.root, base: options.base, publicDir: options.publicDir })],
  }
}
