import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import { ensureTypeScript } from './ensureTypeScript.ts'
import { engineCacheDir } from './engineCacheDir.mjs'

/**
 * A group of the engine's modules that is imported from a prebundled copy:
 * each entry, with everything it imports (our TypeScript and its packages),
 * bundled by esbuild into one file per entry plus shared chunks, kept under
 * `node_modules/.cache/sheaf/` and reused while none of its input files changed.
 *
 * Why: the engine runs its TypeScript through module hooks (typescriptHooks.mjs),
 * which resolve and load every module on another thread. The markdown pipeline
 * imports about 800 modules (micromark alone is hundreds of small files): 0.5 s
 * through a loader's hooks, 0.07 s as a prebundled file. That load is paid by each worker thread of a cold
 * build, and by a rebuild that re-transforms one page. Vite prebundles a
 * browser's dependencies for the same reason.
 *
 * Only groups whose modules keep no state another module shares are prebundled
 * (a bundled copy of a module is a second instance of it): the markdown
 * pipeline, not React or the engine's contexts.
 *
 * The bundle is validated by the size and mtime of each input esbuild read; any
 * change (an engine edit, a package upgrade) builds it again, once, in about 0.5 s.
 * Anything that goes wrong (no esbuild, a read-only folder, a bundling error)
 * falls back to importing the sources, so this only ever costs speed.
 * SHEAF_PREBUNDLE=0 turns it off (the unit tests do: vitest loads modules its own way).
 */
export interface PrebundledGroup<Modules extends Record<string, unknown>> {
  /** The module of an entry: from the bundle when it is usable, from its source otherwise. */
  import<K extends keyof Modules & string>(entry: K): Promise<Modules[K]>
  /** The URL to import an entry from (to hand to a worker thread), or null to use the source. */
  bundledUrl(entry: keyof Modules & string): Promise<string | null>
}

/** Bump when the bundle's shape changes, so no older layout is ever read. */
const layoutVersion = 1

export interface PrebundleOptions {
  cacheDir?: string
  /**
   * Packages imported as they are installed instead of bundled in: those esbuild cannot bundle
   * (Vite resolves files at run time). The bundle imports each by its resolved file URL, so it
   * finds the engine's copy from wherever the bundle is kept.
   */
  external?: string[]
}

export function prebundledGroup<Modules extends Record<string, unknown>>(name: string, entries: { [K in keyof Modules]: URL }, options: PrebundleOptions = {}): PrebundledGroup<Modules> {
  let ready: Promise<Record<string, string> | null> | undefined
  const external = options.external ?? []
  const bundled = () => (ready ??= enabled() ? ensureBundle(options.cacheDir ?? prebundleCacheDir(), name, entries as Record<string, URL>, external).catch(() => null) : Promise.resolve(null))
  return {
    async import(entry) {
      const urls = await bundled()
      // The sources are TypeScript: a build running from the engine bundle registers the hooks now.
      if (!urls?.[entry]) await ensureTypeScript()
      return (await import(urls?.[entry] ?? (entries as Record<string, URL>)[entry].href)) as Modules[typeof entry]
    },
    async bundledUrl(entry) {
      return (await bundled())?.[entry] ?? null
    },
  }
}

function enabled(): boolean {
  return process.env.SHEAF_PREBUNDLE !== '0'
}

/** What a built bundle records about itself, in `<group>-<key>.json` beside its folder. */
interface BundleRecord {
  dir: string
  /** Null: esbuild could not bundle the group (not tried again until an input below changes). */
  outputs: Record<string, string> | null
  inputs: [file: string, size: number, mtimeMs: number][]
}

async function ensureBundle(cacheDir: string, name: string, entries: Record<string, URL>, external: string[]): Promise<Record<string, string>> {
  const key = createHash('sha1')
    .update(JSON.stringify([layoutVersion, process.version, Object.entries(entries).map(([entry, url]) => [entry, url.href]), external]))
    .digest('hex')
    .slice(0, 12)
  const recordFile = path.join(cacheDir, `${name}-${key}.json`)
  const existing = readRecord(recordFile)
  if (existing && isFresh(existing)) return toUrls(cacheDir, existing)
  const record = await bundleGroup(cacheDir, `${name}-${key}`, entries, external).catch(() => failedRecord(entries))
  // Written last and atomically: a process that reads the record finds a complete folder.
  writeFileAtomic(recordFile, JSON.stringify(record))
  removeStale(cacheDir, `${name}-${key}-`, record.dir)
  return toUrls(cacheDir, record)
}

/** Where prebundled groups are kept (see engineCacheDir.mjs). */
export function prebundleCacheDir(): string {
  return engineCacheDir('modules')
}

function readRecord(file: string): BundleRecord | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as BundleRecord
  } catch {
    return null
  }
}

/** Every input esbuild read is still the same size with the same mtime (about 800 stats: 5 ms). */
function isFresh(record: BundleRecord): boolean {
  for (const [file, size, mtimeMs] of record.inputs) {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return false
  }
  return true
}

/**
 * A group esbuild cannot bundle (a task that imports the whole engine, whose Vite has imports
 * that only resolve at run time) is imported from source; what failed is not tried on every
 * build, only once the entries' folders or the lockfile change.
 */
function failedRecord(entries: Record<string, URL>): BundleRecord {
  const folders = new Set(Object.values(entries).map((url) => path.dirname(fileURLToPath(url))))
  const files = [...folders].flatMap((folder) => fs.readdirSync(folder).map((name) => path.join(folder, name)))
  files.push(path.join(fileURLToPath(new URL('../../', import.meta.url)), 'package-lock.json'))
  const inputs = files.flatMap((file): [string, number, number][] => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    return stat?.isFile() ? [[file, stat.size, stat.mtimeMs]] : []
  })
  return { dir: '', outputs: null, inputs }
}

function toUrls(cacheDir: string, record: BundleRecord): Record<string, string> {
  if (!record.outputs) throw new Error('this group could not be bundled')
  return Object.fromEntries(Object.entries(record.outputs).map(([entry, file]) => [entry, pathToFileURL(path.join(cacheDir, record.dir, file)).href]))
}

async function bundleGroup(cacheDir: string, prefix: string, entries: Record<string, URL>, external: string[]): Promise<BundleRecord> {
  const esbuild = await import('esbuild')
  // A new folder per build, never rewritten: another process may still be importing chunks of the last one.
  const dir = `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const outdir = path.join(cacheDir, dir)
  const result = await esbuild.build({
    entryPoints: Object.entries(entries).map(([entry, url]) => ({ in: fileURLToPath(url), out: entry })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'silent',
    // Packages that are CommonJS inside may call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __sheafCreateRequire } from 'node:module'; const require = __sheafCreateRequire(import.meta.url);" },
    plugins: [keepSourceLocations(esbuild), installedPackages(external)],
  })
  const outputs: Record<string, string> = {}
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue
    const entry = Object.entries(entries).find(([, url]) => path.resolve(fileURLToPath(url)) === path.resolve(output.entryPoint!))
    if (entry) outputs[entry[0]] = path.relative(outdir, path.resolve(file))
  }
  const inputs = Object.keys(result.metafile.inputs).map((file): [string, number, number] => {
    const absolute = path.resolve(file)
    const stat = fs.statSync(absolute)
    return [absolute, stat.size, stat.mtimeMs]
  })
  return { dir, outputs, inputs }
}

/** Leaves these packages out of the bundle, imported by the file URL they resolve to from the engine. */
function installedPackages(names: string[]): import('esbuild').Plugin {
  return {
    name: 'sheaf-installed-packages',
    setup(build) {
      if (names.length === 0) return
      const filter = new RegExp(`^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`)
      build.onResolve({ filter }, (args) => ({ path: import.meta.resolve(args.path), external: true }))
    },
  }
}

/**
 * Our modules find files next to themselves (`new URL('./worker.mjs', import.meta.url)`,
 * createRequire): in the bundle, `import.meta` must still mean the source file. esbuild's
 * `define` replaces the expressions themselves, never text inside a string or a comment.
 * Packages are left as they are.
 */
export function keepSourceLocations(esbuild: typeof import('esbuild')): import('esbuild').Plugin {
  return {
    name: 'sheaf-keep-source-locations',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const text = await fs.promises.readFile(args.path, 'utf8')
        if (!text.includes('import.meta')) return undefined
        const loader = args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js'
        const define = {
          'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
          'import.meta.dirname': JSON.stringify(path.dirname(args.path)),
          'import.meta.filename': JSON.stringify(args.path),
        }
        const { code } = await esbuild.transform(text, { loader, define, sourcefile: args.path, format: 'esm', target: `node${process.versions.node}` })
        return { contents: code, loader: 'js' }
      })
    },
  }
}

/** Earlier builds of the same group, once the record points elsewhere and they are an hour old. */
function removeStale(cacheDir: string, prefix: string, current: string): void {
  const hourAgo = Date.now() - 3_600_000
  for (const entry of fs.readdirSync(cacheDir)) {
    if (!entry.startsWith(prefix) || entry === current || entry.endsWith('.json')) continue
    const full = path.join(cacheDir, entry)
    if (fs.statSync(full).mtimeMs < hourAgo) fs.rmSync(full, { recursive: true, force: true })
  }
}
