import fs from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compiledRoot, packageRoot } from '../packageRoot.ts'

/** The engine's own source folders, and where their compiled copies are (scripts/compile.mjs). */
const sourceDirs = ['engine', 'plugins'].map((dir) => ({
  source: path.join(packageRoot, dir),
  compiled: path.join(compiledRoot, dir),
}))

/**
 * How esbuild bundles a site's own modules (its config, its theme, a plugin of its own) for Node:
 * the site's files go in; what the engine must share stays out, imported by URL so it is the
 * engine's own instance:
 * - packages and the engine's compiled folders (`sheaf` and `sheaf/...` resolve there): the file
 *   they resolve to (with Node's conditions), which is the URL Node gives the engine's own import;
 * - a deep import of the engine's TypeScript sources (`../../engine/x.ts`, in this repository's
 *   tests and bench): the compiled file of that source, for the same reason.
 * Each bundled file keeps its own `import.meta.url`, `import.meta.dirname` and `import.meta.filename`,
 * as Vite does for its config: a plugin that finds files beside itself still finds them.
 */
export function siteModules(options: { engineDirs: string[] }): import('esbuild').Plugin {
  const shared = (file: string) =>
    file.includes(`${path.sep}node_modules${path.sep}`) ||
    options.engineDirs.some((dir) => file.startsWith(dir + path.sep))
  return {
    name: 'sheaf-site-modules',
    setup(build) {
      build.onResolve({ filter: mayBeShared }, async (args) => {
        if (args.pluginData === 'sheaf-resolving' || args.kind === 'entry-point') return undefined
        // React from where the engine has it: a site's own template renders with the one React
        // the engine's runtime calls (a hook would otherwise find no dispatcher), and a site needs
        // no React install of its own (the client does the same: see bundle/sharedReact.ts).
        const resolveDir = sharedWithEngine.test(args.path) ? packageRoot : args.resolveDir
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir,
          pluginData: 'sheaf-resolving',
        })
        if (resolved.errors.length > 0 || resolved.external || !resolved.path) return undefined
        const compiled = compiledCopyOf(resolved.path)
        if (compiled) return { path: pathToFileURL(compiled).href, external: true }
        if (!shared(resolved.path)) return undefined
        return { path: pathToFileURL(resolved.path).href, external: true }
      })
      build.onLoad({ filter: /\.(?:m?[jt]sx?)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = await fs.readFile(args.path, 'utf8')
        const url = pathToFileURL(args.path).href
        // esbuild renames these per file when it bundles: each module keeps its own values.
        const meta =
          `const __sheaf_import_meta_url = ${JSON.stringify(url)}, ` +
          `__sheaf_import_meta_filename = ${JSON.stringify(args.path)}, ` +
          `__sheaf_import_meta_dirname = ${JSON.stringify(path.dirname(args.path))};`
        return { contents: `${meta}${source}`, loader: loaderOf(args.path) }
      })
    },
  }
}

/**
 * The imports that may resolve to a module the engine shares: bare specifiers (packages, `sheaf`),
 * absolute paths, and relative paths through a folder named like the engine's or the packages'.
 * Any other relative import is one site file importing another, bundled: esbuild resolves it
 * itself, without a round trip to this thread (half of this site's theme imports).
 */
const mayBeShared = /^[^.]|(?:^|\/)(?:engine|plugins|dist|node_modules)(?:\/|$)/

/** The packages a site's modules must share with the engine: one React per render. */
const sharedWithEngine = /^react(?:-dom)?(?:\/|$)/

/** The defines that go with siteModules' per-file constants. */
export const importMetaDefines: Record<string, string> = {
  'import.meta.url': '__sheaf_import_meta_url',
  'import.meta.filename': '__sheaf_import_meta_filename',
  'import.meta.dirname': '__sheaf_import_meta_dirname',
}

function loaderOf(file: string): import('esbuild').Loader {
  const extension = path.extname(file).replace(/^\.m/, '.')
  return extension === '.tsx' ? 'tsx' : extension === '.ts' ? 'ts' : extension === '.jsx' ? 'jsx' : 'js'
}

/** `engine/x.ts` -> `dist/engine/x.js` when the file is one of the engine's sources. */
function compiledCopyOf(file: string): string | null {
  if (!/\.tsx?$/.test(file)) return null
  const dir = sourceDirs.find((candidate) => file.startsWith(candidate.source + path.sep))
  return dir ? path.join(dir.compiled, path.relative(dir.source, file)).replace(/\.tsx?$/, '.js') : null
}

/** The folders whose modules a site's files share with the engine: its compiled engine/ and plugins/. */
export function engineModuleDirs(): string[] {
  return sourceDirs.map((dir) => dir.compiled)
}
