import fs from 'node:fs/promises'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { SheafError } from '../errors.ts'
import type { ClientAssets } from '../render/htmlShell.ts'
import { withBase } from '../shared/routes.ts'
import { clientLoaderFile } from './clientLoader.ts'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

export interface BundleInput {
  root: string
  base: string
  publicDir: string
  entry: string
  outDir: string
  templates: Record<string, string>
}

/** Builds the client with Vite into `outDir` and reads the manifest into asset URLs. */
export async function bundleClient(input: BundleInput): Promise<ClientAssets> {
  // Vite is loaded only when the bundle cache misses: importing it costs half a second.
  const [{ build: viteBuild }, { createViteConfig }] = await Promise.all([import('vite'), import('./viteConfig.ts')])
  const config = createViteConfig({
    root: input.root,
    base: input.base,
    publicDir: input.publicDir,
    mode: 'production',
  })
  try {
    await viteBuild({
      ...config,
      build: {
        outDir: input.outDir,
        emptyOutDir: false,
        manifest: true,
        assetsDir: 'assets',
        reportCompressedSize: false,
        modulePreload: { polyfill: false },
        // No bundler-timing warnings: the bundle runs beside the markdown transform, so on a busy
        // machine its plugins' callbacks wait, and Rolldown printed a profile nobody asked for.
        rollupOptions: { input: input.entry, checks: { bundlerTimings: false } },
      },
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The client bundle failed: ${message}`, {
      hint: 'fix the theme or client module named above.',
      cause: error,
    })
  }
  const manifestFile = path.join(input.outDir, '.vite', 'manifest.json')
  const manifestText = await fs.readFile(manifestFile, 'utf8')
  await fs.rm(path.join(input.outDir, '.vite'), { recursive: true, force: true })
  const manifest = JSON.parse(manifestText) as Record<string, ManifestChunk>
  const key = (file: string) => path.relative(input.root, file).split(path.sep).join('/')
  const entryChunk = manifest[key(input.entry)] ?? Object.values(manifest).find((chunk) => chunk.isEntry)
  if (!entryChunk)
    throw new SheafError('The client bundle has no entry chunk.', { hint: 'this is a bug in Sheaf; please report it.' })
  const url = (file: string) => withBase(file, input.base)
  const templateChunks: Record<string, string[]> = {}
  const css = new Set(entryChunk.css ?? [])
  for (const [name, file] of Object.entries(input.templates)) {
    const chunk = manifest[key(file)]
    if (!chunk) continue
    const files = new Set<string>([chunk.file])
    for (const imported of chunk.imports ?? [])
      if (manifest[imported] && manifest[imported] !== entryChunk) files.add(manifest[imported].file)
    for (const sheet of chunk.css ?? []) css.add(sheet)
    templateChunks[name] = [...files].map(url)
  }
  const loader = clientLoaderFile()
  await fs.writeFile(path.join(input.outDir, loader.name), loader.source)
  return {
    entry: url(entryChunk.file),
    loader: url(loader.name),
    css: [...css].map(url),
    templateChunks,
    bundle: createHash('sha1').update(manifestText).digest('hex').slice(0, 12),
  }
}
