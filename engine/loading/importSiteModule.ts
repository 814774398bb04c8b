import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SheafError } from '../errors.ts'
import { scratchDir } from '../fs/scratchDir.ts'
import { KeyedStore } from '../incremental/keyedStore.ts'
import { unusedForAnHour } from '../incremental/unusedFiles.ts'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import { bundleInputs, inputsUnchanged, type BundleInput } from './bundleInputs.ts'
import { engineModuleDirs, importMetaDefines, siteModules } from './siteModules.ts'

/**
 * Imports one of a site's own modules (its config, a theme or plugin given by path), TypeScript or
 * not, as Vite loads its config: esbuild bundles it with the site files it imports, leaving out
 * packages and the engine (see siteModules.ts), into one ES module named by its content, which
 * Node imports. An edited module is a new file, so the dev server sees edits without restarting.
 * A syntax or resolution error is a SheafError at the file and line esbuild names.
 *
 * With `cacheDir` (see siteModuleCacheDir), the bundle is kept there with a record of its inputs,
 * and imported again while none of them changed (a stat of each): esbuild's process and the
 * bundle cost 0.1-0.15 s of every run's start, before any other work could begin. Without it, the
 * bundle goes to a private folder of the process (see scratchDir.ts).
 */
export async function importSiteModule(
  file: string,
  root: string,
  options: { cacheDir?: string | null } = {},
): Promise<Record<string, unknown>> {
  const cacheDir = options.cacheDir ?? null
  const records = cacheDir ? new KeyedStore(cacheDir, { extension: '.json' }) : null
  const kept = records?.getJson<ModuleRecord>(moduleKey(file))
  if (cacheDir && kept && fs.existsSync(path.join(cacheDir, kept.output)) && inputsUnchanged(kept.inputs)) {
    return (await import(pathToFileURL(path.join(cacheDir, kept.output)).href)) as Record<string, unknown>
  }
  const esbuild = await import('esbuild')
  const started = Date.now()
  let result: import('esbuild').BuildResult<{ write: false; metafile: true }>
  try {
    result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      jsx: 'automatic',
      // Stack traces of a config or plugin that throws name its source.
      sourcemap: 'inline',
      metafile: true,
      logLevel: 'silent',
      define: importMetaDefines,
      plugins: [siteModules({ engineDirs: engineModuleDirs() })],
    })
  } catch (error) {
    throw bundleError(error, root, file)
  }
  const code = result.outputFiles[0]!.text
  // Named by content: an unchanged module is imported from the same file, an edited one (the dev server) from a new
  // one.
  const digest = createHash('sha1').update(code).digest('hex').slice(0, 16)
  const name = `${path.basename(file).replace(/\.[^.]+$/, '')}-${digest}.mjs`
  let bundled = path.join(scratchDir('modules'), name)
  if (records) {
    try {
      bundled = keepModule(
        records,
        moduleKey(file),
        name,
        code,
        bundleInputs(Object.keys(result.metafile.inputs), started, root),
      )
    } catch {
      // A read-only or full disk only costs the next run its bundle.
    }
  }
  if (!fs.existsSync(bundled)) writeFileAtomic(bundled, code)
  return (await import(pathToFileURL(bundled).href)) as Record<string, unknown>
}

/**
 * A kept bundle: its file in the cache folder, and what it was made from. The record is an entry
 * of the folder's store, `module-<key>.json`; the bundle stays a plain `.mjs` file beside it, which
 * Node imports from disk.
 */
interface ModuleRecord {
  output: string
  inputs: BundleInput[]
}

/** Bump when the bundle's shape changes, so no older one is ever imported. */
const layoutVersion = 1

/**
 * The key of `file`'s record: one per module, engine build and Node version (the bundle names the engine's files by
 * path).
 */
function moduleKey(file: string): string {
  const digest = createHash('sha1')
    .update(JSON.stringify([layoutVersion, process.version, path.resolve(file), engineModuleDirs()]))
    .digest('hex')
  return `module-${digest.slice(0, 12)}`
}

/**
 * Writes the bundle beside its record (the record last, so a reader never finds it without its
 * file) and removes the same module's bundles unused for an hour: a dev server or a worker that
 * read the previous record may still import its file.
 */
function keepModule(records: KeyedStore, key: string, name: string, code: string, inputs: BundleInput[]): string {
  const output = `${key}-${name}`
  const bundled = path.join(records.dir, output)
  if (!fs.existsSync(bundled)) writeFileAtomic(bundled, code)
  fs.utimesSync(bundled, new Date(), new Date())
  records.put(key, JSON.stringify({ output, inputs } satisfies ModuleRecord))
  for (const other of fs.readdirSync(records.dir)) {
    if (other.startsWith(`${key}-`) && other !== output && unusedForAnHour(path.join(records.dir, other)))
      fs.rmSync(path.join(records.dir, other), { force: true })
  }
  return bundled
}

/** esbuild's first error, located in the site's file. */
export function bundleError(error: unknown, root: string, file: string): SheafError {
  const first = (
    error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }
  ).errors?.[0]
  if (!first)
    return new SheafError(
      `${path.relative(root, file)} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      { file: path.relative(root, file), cause: error },
    )
  const location = first.location
  return new SheafError(first.text, {
    file: location ? path.relative(root, path.resolve(location.file)) : path.relative(root, file),
    line: location?.line,
    column: location ? location.column + 1 : undefined,
    hint: 'fix the module (or the import it names) and run again.',
    cause: error,
  })
}
