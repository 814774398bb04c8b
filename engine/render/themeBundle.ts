import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { scratchDir } from '../fs/scratchDir.ts'
import { KeyedStore } from '../incremental/keyedStore.ts'
import { unusedForAnHour } from '../incremental/unusedFiles.ts'
import { bundleInputs, inputsUnchanged, type BundleInput } from '../loading/bundleInputs.ts'
import { bundleError } from '../loading/importSiteModule.ts'
import { importMetaDefines, siteModules } from '../loading/siteModules.ts'
import type { ModuleImporter } from './loadTheme.ts'

/**
 * The theme's own modules (its layout, its templates and the site's files they import) bundled
 * by esbuild into one ES module per entry, for a build's server rendering.
 *
 * Why: a theme is dozens of small TypeScript files (this site's: 61). Imported one by one, each
 * takes a round trip to the module hooks' thread and a turn of a main thread busy with the
 * transform, so the theme finished loading 0.15 s after a one-page rebuild's pages were ready.
 * A bundle is one file, kept beside the client bundle (see themeCacheDir) and reused while none
 * of its inputs changed (checked by size and mtime).
 *
 * What is not bundled stays one instance with the rest of the build (see siteModules.ts):
 * packages (React) and the engine (`sheaf/runtime`, whose contexts the engine's App provides).
 * The runtime itself (`runtime`: the file the engine imports it from) is imported the way the
 * theme's `sheaf/runtime` is. A theme that does not bundle (a syntax error, an import that does
 * not resolve) fails the import of each of its modules with esbuild's first error, located.
 */
export async function themeBundleImporter(
  options: ThemeBundleOptions & { runtime: string; root: string },
): Promise<ModuleImporter> {
  let bundle: Map<string, string> | null = null
  let failure: unknown = null
  try {
    bundle = await ensureThemeBundle(options)
  } catch (error) {
    failure = bundleError(error, options.root, options.entries[0] ?? options.root)
  }
  return async (file) => {
    const resolved = path.resolve(file)
    if (failure) throw failure
    const bundled = resolved === path.resolve(options.runtime) ? pathToFileURL(resolved).href : bundle?.get(resolved)
    if (!bundled) throw new Error(`${file} is not one of the theme's modules (its layout and templates).`)
    return import(bundled)
  }
}

/** A folder for the theme bundles of builds without a cache, one per process (see scratchDir.ts). */
export function scratchThemeDir(): string {
  return scratchDir('theme')
}

interface ThemeBundleOptions {
  entries: string[]
  cacheDir: string
  engineDirs: string[]
}

/** Bump when the bundle's shape changes, so no older layout is ever read. */
const layoutVersion = 2

/**
 * The record of a bundle: an entry of the theme cache's store, `theme-<key>.json`. The bundle itself stays
 * esbuild's folder of `.mjs` files beside it, which Node imports from disk; the record, written last, vouches for it.
 */
interface ThemeRecord {
  dir: string
  /** Entry file -> output file, relative to the bundle's folder. */
  outputs: Record<string, string>
  inputs: BundleInput[]
}

/**
 * Whether the bundle of these options is made and none of its inputs changed (a stat of each: a dev server's start
 * skips its bundling worker).
 */
export function isThemeBundleFresh(options: ThemeBundleOptions): boolean {
  const { records, key } = recordOf(options)
  const record = records.getJson<ThemeRecord>(key)
  return record !== null && isFresh(options.cacheDir, record)
}

/** The records' store, and the key of these options' entries (`theme-…`: their bundles' folders start with it). */
function recordOf({ entries, cacheDir, engineDirs }: ThemeBundleOptions): { records: KeyedStore; key: string } {
  // The engine bundle's URLs are inside the theme bundle: another engine bundle (or the sources) is another key.
  const digest = createHash('sha1')
    .update(JSON.stringify([layoutVersion, process.version, entries.map((entry) => path.resolve(entry)), engineDirs]))
    .digest('hex')
  return { records: new KeyedStore(cacheDir, { extension: '.json' }), key: `theme-${digest.slice(0, 12)}` }
}

async function ensureThemeBundle(options: ThemeBundleOptions & { root: string }): Promise<Map<string, string>> {
  const { cacheDir, engineDirs } = options
  const { records, key } = recordOf(options)
  let record = records.getJson<ThemeRecord>(key)
  if (record && isFresh(cacheDir, record)) {
    // In use: removeStale keeps it.
    fs.utimesSync(records.fileOf(key), new Date(), new Date())
  } else {
    const absolute = options.entries.map((entry) => path.resolve(entry))
    record = await bundleTheme(cacheDir, key, absolute, engineDirs, options.root)
    // Written last and atomically: a process that reads the record finds a complete folder.
    records.put(key, JSON.stringify(record))
    removeStale(cacheDir, key, record.dir)
  }
  const dir = path.join(cacheDir, record.dir)
  return new Map(
    Object.entries(record.outputs).map(([entry, output]) => [entry, pathToFileURL(path.join(dir, output)).href]),
  )
}

async function bundleTheme(
  cacheDir: string,
  prefix: string,
  entries: string[],
  engineDirs: string[],
  root: string,
): Promise<ThemeRecord> {
  const esbuild = await import('esbuild')
  // A new folder per bundle, never rewritten: a dev server or another build may still import the last one.
  const dir = `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const outdir = path.join(cacheDir, dir)
  const started = Date.now()
  const result = await esbuild.build({
    entryPoints: entries,
    outdir,
    outbase: commonDir(entries),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    jsx: 'automatic',
    outExtension: { '.js': '.mjs' },
    // Stack traces of a template that throws while rendering name its TypeScript source.
    sourcemap: 'inline',
    metafile: true,
    logLevel: 'silent',
    define: importMetaDefines,
    plugins: [siteModules({ engineDirs })],
  })
  const outputs: Record<string, string> = {}
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (output.entryPoint) outputs[path.resolve(output.entryPoint)] = path.relative(outdir, path.resolve(file))
  }
  return { dir, outputs, inputs: bundleInputs(Object.keys(result.metafile.inputs), started, root) }
}

function commonDir(files: string[]): string {
  let dir = path.dirname(files[0] ?? '.')
  while (!files.every((file) => file.startsWith(dir + path.sep)) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return dir
}

function isFresh(cacheDir: string, record: ThemeRecord): boolean {
  return fs.existsSync(path.join(cacheDir, record.dir)) && inputsUnchanged(record.inputs)
}

/**
 * Removes this key's older bundles at once, and another key's bundle (another engine bundle,
 * another theme) once its record has gone unused for an hour: a build that uses a record touches it.
 */
function removeStale(cacheDir: string, current: string, keep: string): void {
  const names = fs.readdirSync(cacheDir)
  const unused = names
    .filter(
      (name) =>
        name.startsWith('theme-') &&
        name.endsWith('.json') &&
        name !== `${current}.json` &&
        unusedForAnHour(path.join(cacheDir, name)),
    )
    .map((name) => name.slice(0, -'.json'.length))
  for (const name of names) {
    const stale =
      (name.startsWith(`${current}-`) && name !== keep) ||
      unused.some((key) => name === `${key}.json` || name.startsWith(`${key}-`))
    if (stale) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true })
  }
}
