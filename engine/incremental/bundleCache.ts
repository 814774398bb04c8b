import fs from 'node:fs'
import path from 'node:path'
import { listFiles } from '../fs/walkDirectory.ts'
import type { ClientAssets } from '../render/htmlShell.ts'
import { resolveInside } from '../render/outputDir.ts'
import { readCacheEntry, readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'

interface BundleManifest {
  assets: ClientAssets
  /** The bundle's files, relative to the output folder; each is kept as a cache entry under `files/`. */
  files: string[]
}

/** Bundles kept besides the one just made: sites or branches that share a node_modules each find theirs. */
const keptBundles = 8

/**
 * The client bundle by its inputs' fingerprint: when the theme, client
 * modules, site data, engine and packages are unchanged, the previous
 * bundle's files are copied instead of running Vite again. Every file is a
 * checked cache entry (see cacheEntry.ts): when the manifest or any file is
 * missing, truncated or damaged, the bundle is made again, never shipped broken.
 * `bundlesDir` holds one folder per key (see bundleCacheDir in cacheDirs.ts).
 */
export async function cachedBundle(
  bundlesDir: string,
  key: string,
  outDir: string,
  build: () => Promise<ClientAssets>,
): Promise<{ assets: ClientAssets; reused: boolean }> {
  const entryDir = path.join(bundlesDir, key)
  const manifest = path.join(entryDir, 'assets.json')
  const stored = readStoredBundle(entryDir, readCacheEntryJson<BundleManifest>(manifest))
  if (stored) {
    touch(entryDir)
    for (const [file, content] of stored.contents) {
      const target = resolveInside(outDir, file)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, content)
    }
    return { assets: stored.assets, reused: true }
  }
  const before = new Set(listFiles(outDir))
  const assets = await build()
  const files = listFiles(outDir).filter((file) => !before.has(file))
  try {
    pruneBundles(bundlesDir, key)
    for (const file of files)
      writeCacheEntry(path.join(entryDir, 'files', file), fs.readFileSync(path.join(outDir, file)))
    // The manifest last: a manifest is only ever found beside all of its files.
    writeCacheEntry(manifest, JSON.stringify({ assets, files } satisfies BundleManifest))
  } catch {
    // A read-only or full disk only costs speed.
  }
  return { assets, reused: false }
}

/** Every file of a stored bundle, checked; null (a miss) when the manifest or any file is not intact. */
function readStoredBundle(
  entryDir: string,
  manifest: BundleManifest | null,
): { assets: ClientAssets; contents: [string, Buffer][] } | null {
  if (!manifest || !manifest.assets || !Array.isArray(manifest.files)) return null
  const contents: [string, Buffer][] = []
  for (const file of manifest.files) {
    const content = typeof file === 'string' ? readCacheEntry(path.join(entryDir, 'files', file)) : null
    if (!content) return null
    contents.push([file, content])
  }
  return { assets: manifest.assets, contents }
}

/** Marks a bundle as just used, for pruneBundles. */
function touch(entryDir: string): void {
  try {
    const now = new Date()
    fs.utimesSync(entryDir, now, now)
  } catch {
    // Only the pruning order depends on it.
  }
}

/** Removes all but the most recently used bundles (and the one being written). */
function pruneBundles(bundlesDir: string, key: string): void {
  let names: string[]
  try {
    names = fs.readdirSync(bundlesDir).filter((name) => name !== key)
  } catch {
    return
  }
  const used = names
    .map((name) => ({ name, at: fs.statSync(path.join(bundlesDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.at - a.at)
  for (const { name } of used.slice(keptBundles - 1))
    fs.rmSync(path.join(bundlesDir, name), { recursive: true, force: true })
}
