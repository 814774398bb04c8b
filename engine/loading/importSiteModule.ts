import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SheafError } from '../errors.ts'
import { scratchDir } from '../fs/scratchDir.ts'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import { engineModuleDirs, importMetaDefines, siteModules } from './siteModules.ts'

/**
 * Imports one of a site's own modules (its config, a theme or plugin given by path), TypeScript or
 * not, as Vite loads its config: esbuild bundles it with the site files it imports, leaving out
 * packages and the engine (see siteModules.ts), into one ES module named by its content, which
 * Node imports. An edited module is a new file, so the dev server sees edits without restarting.
 * A syntax or resolution error is a SheafError at the file and line esbuild names.
 */
export async function importSiteModule(file: string, root: string): Promise<Record<string, unknown>> {
  const esbuild = await import('esbuild')
  let code: string
  try {
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      jsx: 'automatic',
      // Stack traces of a config or plugin that throws name its source.
      sourcemap: 'inline',
      logLevel: 'silent',
      define: importMetaDefines,
      plugins: [siteModules({ engineDirs: engineModuleDirs() })],
    })
    code = result.outputFiles[0]!.text
  } catch (error) {
    throw bundleError(error, root, file)
  }
  // Named by content: an unchanged module is imported from the same file, an edited one (the dev server) from a new one.
  const bundled = path.join(scratchDir('modules'), `${path.basename(file).replace(/\.[^.]+$/, '')}-${createHash('sha1').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!fs.existsSync(bundled)) writeFileAtomic(bundled, code)
  return (await import(pathToFileURL(bundled).href)) as Record<string, unknown>
}

/** esbuild's first error, located in the site's file. */
export function bundleError(error: unknown, root: string, file: string): SheafError {
  const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0]
  if (!first) return new SheafError(`${path.relative(root, file)} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { file: path.relative(root, file), cause: error })
  const location = first.location
  return new SheafError(first.text, {
    file: location ? path.relative(root, path.resolve(location.file)) : path.relative(root, file),
    line: location?.line,
    column: location ? location.column + 1 : undefined,
    hint: 'fix the module (or the import it names) and run again.',
    cause: error,
  })
}
