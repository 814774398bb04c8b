import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import { engineBundleDir, engineBundleLayout, engineBundleRecordFile, type EngineEntries } from './engineBundleRecord.mjs'
import { keepSourceLocations } from './prebundle.ts'
import { renderTaskEntry } from '../render/renderWorker.ts'

/**
 * The engine as a few ES modules (its CLI and each public entry point: `sheaf`, `sheaf/runtime`,
 * `sheaf/plugins/*`, ...), bundled by esbuild with its packages left out, so a build runs without
 * TypeScript hooks.
 *
 * Why: hooks run on a thread of their own, which costs 60 ms to start (blocking the main thread)
 * and a round trip for every module the build imports afterwards: about 0.2 s of CPU in a cold
 * build of this site's docs, on a machine whose two cores the build already keeps busy.
 * bin/sheaf.js imports the bundle when its record is fresh (engineBundleRecord.mjs) and rebuilds
 * it otherwise (0.2-0.5 s, once after an install or an engine edit). A site's config and theme
 * are bundled too (config/bundleConfig.ts, render/themeBundle.ts), their `sheaf` imports pointing
 * into this bundle, so the engine is one instance.
 */
export async function buildEngineBundle(): Promise<EngineEntries> {
  const packageRoot = fileURLToPath(new URL('../../', import.meta.url))
  const specifiers = publicSpecifiers(packageRoot)
  // The render worker's task too: it shares the bundle's modules (one runtime with the theme's `sheaf/runtime`).
  const entries: Record<string, string> = { cli: path.join(packageRoot, 'engine', 'cli.ts'), [renderTaskEntry]: path.join(packageRoot, 'engine', 'render', 'renderTask.ts'), ...specifiers }
  const cacheDir = engineBundleDir()
  fs.mkdirSync(cacheDir, { recursive: true })
  // A new folder per bundle, never rewritten: another process may still be importing the last one.
  const dir = `engine-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  const outdir = path.join(cacheDir, dir)
  const esbuild = await import('esbuild')
  const names = Object.keys(entries)
  const result = await esbuild.build({
    entryPoints: names.map((name, index) => ({ in: entries[name], out: `entry-${index}` })),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    jsx: 'automatic',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    // The engine's own imports of `sheaf/...` (a plugin's of `sheaf`, say) are the bundle's modules, not a second copy.
    plugins: [publicSpecifiersInside(specifiers), keepSourceLocations(esbuild)],
  })
  const urls: EngineEntries = {}
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const index = output.entryPoint ? names.findIndex((name) => path.resolve(entries[name]) === path.resolve(output.entryPoint!)) : -1
    if (index >= 0) urls[names[index]] = pathToFileURL(path.resolve(file)).href
  }
  const inputs = Object.keys(result.metafile.inputs).map((file): [string, number, number] => {
    const stat = fs.statSync(path.resolve(file))
    return [path.resolve(file), stat.size, stat.mtimeMs]
  })
  // package.json decides what the public specifiers are.
  const manifest = path.join(packageRoot, 'package.json')
  const manifestStat = fs.statSync(manifest)
  inputs.push([manifest, manifestStat.size, manifestStat.mtimeMs])
  // Written last and atomically: a process that reads the record finds a complete folder.
  writeFileAtomic(engineBundleRecordFile(), JSON.stringify({ layout: engineBundleLayout, node: process.version, dir, entries: urls, inputs }))
  removeOlder(cacheDir, dir)
  return urls
}

/** `sheaf`, `sheaf/runtime`, `sheaf/plugins/<name>`, ... -> source file, from package.json's `exports`. */
export function publicSpecifiers(packageRoot: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> }
  const specifiers: Record<string, string> = {}
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`
    if (!subpath.includes('*')) {
      specifiers[specifier] = path.join(packageRoot, target)
      continue
    }
    // `./plugins/*` -> one entry per folder that has the file the pattern names.
    const [before, after] = target.split('*')
    const folder = path.join(packageRoot, before)
    for (const name of fs.readdirSync(folder)) {
      const file = path.join(folder, name + after)
      if (fs.existsSync(file)) specifiers[specifier.replace('*', name)] ??= file
    }
  }
  return specifiers
}

function publicSpecifiersInside(specifiers: Record<string, string>): import('esbuild').Plugin {
  return {
    name: 'sheaf-public-specifiers',
    setup(build) {
      build.onResolve({ filter: /^sheaf(\/.*)?$/ }, (args) => (specifiers[args.path] ? { path: specifiers[args.path] } : undefined))
    },
  }
}

/** Earlier bundles, an hour after they were replaced (a long dev server may still import one). */
function removeOlder(cacheDir: string, current: string): void {
  const hourAgo = Date.now() - 3_600_000
  for (const entry of fs.readdirSync(cacheDir)) {
    if (!entry.startsWith('engine-') || entry === current) continue
    const full = path.join(cacheDir, entry)
    if (fs.statSync(full).mtimeMs < hourAgo) fs.rmSync(full, { recursive: true, force: true })
  }
}
