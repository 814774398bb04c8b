import { createRequire } from 'node:module'
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { packageRoot } from '../packageRoot.ts'

const reactImport = /^react(?:-dom)?(?:\/|$)/

/**
 * One React in the browser: a module of the site (its own template) imports React as the engine's
 * runtime does, resolved from the engine's package, so a site needs no React install of its own
 * (a site made by `sheaf init` has none) and its hooks run under the React that renders them.
 * Resolved through Vite's own resolver, so the dev server's pre-bundled copy is the one served.
 * The server render does the same (see loading/siteModules.ts).
 */
export function sharedReact(root: string): Plugin[] {
  const engineImporter = path.join(packageRoot, 'package.json')
  return [
    {
      name: 'sheaf-shared-react',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (!reactImport.test(source) || !importer || importer === engineImporter) return null
        return this.resolve(source, engineImporter, { ...options, skipSelf: true })
      },
    },
    {
      // The React plugin asks the dev server to pre-bundle React by name, which Vite resolves from
      // the site's folder: a site without its own React logged "Failed to resolve dependency" for
      // each. Named through Sheaf (Vite's `sheaf > react`), they resolve where the engine's do.
      name: 'sheaf-shared-react-prebundle',
      enforce: 'post',
      config(config) {
        const include = config.optimizeDeps?.include
        if (!include || resolvesReact(root)) return
        const engine = engineName()
        config.optimizeDeps!.include = include.map((id) => (reactImport.test(id) && engine ? `${engine} > ${id}` : id))
      },
    },
  ]
}

function resolvesReact(root: string): boolean {
  try {
    createRequire(path.join(root, 'package.json')).resolve('react')
    return true
  } catch {
    return false
  }
}

function engineName(): string | null {
  try {
    return (
      (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { name?: string }).name ?? null
    )
  } catch {
    return null
  }
}
