import fs from 'node:fs'
import path from 'node:path'
import type { ClientAssets } from '../render/htmlShell.ts'

/**
 * The client bundle by its inputs' fingerprint: when the theme, client
 * modules, site data, engine and packages are unchanged, the previous
 * bundle's files are copied instead of running Vite again.
 */
export async function cachedBundle(cacheDir: string, key: string, outDir: string, build: () => Promise<ClientAssets>): Promise<{ assets: ClientAssets; reused: boolean }> {
  const entryDir = path.join(cacheDir, 'bundle', key)
  const manifest = path.join(entryDir, 'assets.json')
  if (fs.existsSync(manifest)) {
    const { assets, files } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { assets: ClientAssets; files: string[] }
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true })
      fs.copyFileSync(path.join(entryDir, 'files', file), path.join(outDir, file))
    }
    return { assets, reused: true }
  }
  const before = new Set(listFiles(outDir))
  const assets = await build()
  const files = listFiles(outDir).filter((file) => !before.has(file))
  fs.rmSync(path.join(cacheDir, 'bundle'), { recursive: true, force: true })
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(entryDir, 'files', file)), { recursive: true })
    fs.copyFileSync(path.join(outDir, file), path.join(entryDir, 'files', file))
  }
  fs.writeFileSync(manifest, JSON.stringify({ assets, files }))
  return { assets, reused: false }
}

function listFiles(dir: string, relative = ''): string[] {
  const absolute = path.join(dir, relative)
  if (!fs.existsSync(absolute)) return []
  return fs.readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const child = relative ? `${relative}/${entry.name}` : entry.name
    return entry.isDirectory() ? listFiles(dir, child) : [child]
  })
}
