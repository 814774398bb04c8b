import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { EngineEntries } from '../loading/engineBundleRecord.mjs'
import { keepSourceLocations } from '../loading/prebundle.ts'
import { engineModuleDirs, siteModules } from '../loading/siteModules.ts'

/**
 * The config module and the site's files it imports, bundled by esbuild into one ES module (as
 * Vite loads vite.config.ts), for a build that runs from the engine bundle and has no TypeScript
 * hooks. Its `sheaf` imports are the running engine's modules (see siteModules.ts); its own files
 * keep their `import.meta.url`. The bundle is imported from a temporary file (every import in it
 * is absolute), removed once loaded; its inline source map makes an error thrown while it loads
 * name the config's own lines.
 */
export async function importBundledConfig(file: string, engineEntries: EngineEntries, beforeImport: (needsTypeScript: boolean) => Promise<void>): Promise<{ default?: unknown }> {
  const esbuild = await import('esbuild')
  const typescript = new Set<string>()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-config-'))
  const outfile = path.join(dir, `${path.basename(file).replace(/\.[^.]+$/, '')}.mjs`)
  try {
    await esbuild.build({
      entryPoints: [file],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      jsx: 'automatic',
      sourcemap: 'inline',
      logLevel: 'silent',
      plugins: [siteModules({ engineEntries, engineDirs: engineModuleDirs(), typescript }), keepSourceLocations(esbuild)],
    })
    await beforeImport(typescript.size > 0)
    return (await import(pathToFileURL(outfile).href)) as { default?: unknown }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
