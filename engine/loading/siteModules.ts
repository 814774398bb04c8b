import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * How esbuild bundles a site's own modules (its config, its theme) for Node: the site's files go
 * in; what the engine must share stays out, imported by URL so it is the engine's own instance:
 * - packages and the engine's folders (`sheaf` and `sheaf/...` resolve there): the file they resolve to (with Node's conditions), which
 *   is the URL Node gives the engine's own import of them.
 * `typescript` collects the TypeScript files left out (a deep import into the engine's folders):
 * importing the bundle then needs the TypeScript hooks.
 */
export function siteModules(options: { engineDirs: string[]; typescript?: Set<string> }): import('esbuild').Plugin {
  const shared = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`) || options.engineDirs.some((dir) => file.startsWith(dir + path.sep))
  return {
    name: 'sheaf-site-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'sheaf-resolving' || args.kind === 'entry-point') return undefined
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'sheaf-resolving' })
        if (resolved.errors.length > 0 || resolved.external || !resolved.path || !shared(resolved.path)) return undefined
        if (/\.m?tsx?$/.test(resolved.path)) options.typescript?.add(resolved.path)
        return { path: pathToFileURL(resolved.path).href, external: true }
      })
    },
  }
}

/** The folders whose modules a site's files share with the engine: the engine's package (engine/, plugins/). */
export function engineModuleDirs(): string[] {
  const packageRoot = fileURLToPath(new URL('../../', import.meta.url))
  return [path.join(packageRoot, 'engine'), path.join(packageRoot, 'plugins')]
}
