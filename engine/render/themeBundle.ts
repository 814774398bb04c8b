import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import type { ModuleImporter } from './loadTheme.ts'

/**
 * The theme's own modules (its layout, its templates and the site's files they import) bundled
 * by esbuild into one ES module per entry, for a build's server rendering.
 *
 * Why: a theme is dozens of small TypeScript files (this site's: 61). Imported one by one, each
 * takes a round trip to the module hooks' thread and a turn of a main thread busy with the
 * transform, so the theme finished loading 0.15 s after a one-page rebuild's pages were ready.
 * A bundle is one file, kept in the site's cache folder and reused while none of its inputs
 * changed (checked by size and mtime).
 *
 * What is not bundled stays one instance with the rest of the build: packages (React) and the
 * engine's own folders (`sheaf/runtime`, whose contexts the engine's App provides) are imported
 * by the file URL they resolve to, exactly the module the engine imports. Anything that goes
 * wrong (a syntax error, no esbuild) falls back to importing the sources, which reports the
 * error as before.
 */
export async function themeBundleImporter(options: { entries: string[]; cacheDir: string; engineDirs: string[]; fallback: ModuleImporter }): Promise<ModuleImporter> {
  const outputs = await ensureThemeBundle(options).catch(() => null)
  return (file) => {
    const bundled = outputs?.get(path.resolve(file))
    return bundled ? import(bundled) : options.fallback(file)
  }
}

/** Bump when the bundle's shape changes, so no older layout is ever read. */
const layoutVersion = 1

interface ThemeRecord {
  dir: string
  /** Entry file -> output file, relative to the bundle's folder. */
  outputs: Record<string, string>
  inputs: [file: string, size: number, mtimeMs: number][]
}

async function ensureThemeBundle({ entries, cacheDir, engineDirs }: { entries: string[]; cacheDir: string; engineDirs: string[] }): Promise<Map<string, string>> {
  const absolute = entries.map((entry) => path.resolve(entry))
  const key = createHash('sha1').update(JSON.stringify([layoutVersion, process.version, absolute, engineDirs])).digest('hex').slice(0, 12)
  const recordFile = path.join(cacheDir, `theme-${key}.json`)
  let record = readRecord(recordFile)
  if (!record || !isFresh(cacheDir, record)) {
    record = await bundleTheme(cacheDir, `theme-${key}`, absolute, engineDirs)
    // Written last and atomically: a process that reads the record finds a complete folder.
    writeFileAtomic(recordFile, JSON.stringify(record))
    removeStale(cacheDir, `theme-${key}-`, record.dir)
  }
  const dir = path.join(cacheDir, record.dir)
  return new Map(Object.entries(record.outputs).map(([entry, output]) => [entry, pathToFileURL(path.join(dir, output)).href]))
}

async function bundleTheme(cacheDir: string, prefix: string, entries: string[], engineDirs: string[]): Promise<ThemeRecord> {
  const esbuild = await import('esbuild')
  // A new folder per bundle, never rewritten: a dev server or another build may still import the last one.
  const dir = `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const outdir = path.join(cacheDir, dir)
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
    plugins: [sharedModules(engineDirs)],
  })
  const outputs: Record<string, string> = {}
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (output.entryPoint) outputs[path.resolve(output.entryPoint)] = path.relative(outdir, path.resolve(file))
  }
  const inputs = Object.keys(result.metafile.inputs).map((file): [string, number, number] => {
    const stat = fs.statSync(path.resolve(file))
    return [path.resolve(file), stat.size, stat.mtimeMs]
  })
  return { dir, outputs, inputs }
}

/**
 * Leaves out of the bundle every module that must stay the one the engine imports: packages and
 * the engine's folders. Each is imported by the file URL esbuild resolves it to (with Node's
 * conditions), which is the URL Node gives the engine's own import of it.
 */
function sharedModules(engineDirs: string[]): import('esbuild').Plugin {
  const inEngine = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`) || engineDirs.some((dir) => file.startsWith(dir + path.sep))
  return {
    name: 'sheaf-theme-shared-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'sheaf-resolving' || args.kind === 'entry-point') return undefined
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'sheaf-resolving' })
        if (resolved.errors.length > 0 || resolved.external) return undefined
        if (!resolved.path || !inEngine(resolved.path)) return undefined
        return { path: pathToFileURL(resolved.path).href, external: true }
      })
    },
  }
}

function commonDir(files: string[]): string {
  let dir = path.dirname(files[0] ?? '.')
  while (!files.every((file) => file.startsWith(dir + path.sep)) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return dir
}

function readRecord(file: string): ThemeRecord | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ThemeRecord
  } catch {
    return null
  }
}

function isFresh(cacheDir: string, record: ThemeRecord): boolean {
  if (!fs.existsSync(path.join(cacheDir, record.dir))) return false
  for (const [file, size, mtimeMs] of record.inputs) {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return false
  }
  return true
}

/** Removes the older bundles of the same theme (not the one just written). */
function removeStale(cacheDir: string, prefix: string, keep: string): void {
  for (const name of fs.readdirSync(cacheDir)) {
    if (name.startsWith(prefix) && name !== keep) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true })
  }
}

/** The folders whose modules a theme shares with the engine: the engine's package (engine/, plugins/). */
export function engineModuleDirs(): string[] {
  const packageRoot = fileURLToPath(new URL('../../', import.meta.url))
  return [path.join(packageRoot, 'engine'), path.join(packageRoot, 'plugins')]
}
