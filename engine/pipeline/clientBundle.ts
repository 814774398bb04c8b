import { createHash } from 'node:crypto'
import path from 'node:path'
import { bundleInWorker } from '../bundle/bundleWorker.ts'
import { writeClientEntry } from '../bundle/clientEntry.ts'
import { assertPublicFilesPublishable, assertPublicLinksInside } from '../bundle/publicFiles.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { cachedBundle } from '../incremental/bundleCache.ts'
import { fingerprintPaths } from '../incremental/fingerprint.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import type { ClientAssets } from '../render/htmlShell.ts'
import { toSiteData } from './siteData.ts'

/** Bundles the client (Vite, in a worker) into `outDir`; reused from the cache when none of its inputs changed. */
export async function bundleClient(
  config: ResolvedConfig,
  runner: PluginRunner,
  outDir: string,
  bundlesDir: string | null,
  engine: string,
): Promise<ClientAssets> {
  const input = {
    root: config.root,
    site: toSiteData(config),
    templates: config.theme.templates,
    layout: config.theme.layout,
    styles: config.theme.styles,
    clientModules: runner.clientModules(),
    siteComponents: config.theme.siteComponents,
  }
  // Before the cache: a link or a file added since the last build must be refused even when nothing else changed.
  assertPublicLinksInside(config.root, config.publicDir)
  assertPublicFilesPublishable(config.root, config.publicDir)
  const run = async () =>
    bundleInWorker({
      root: config.root,
      base: config.base,
      publicDir: config.publicDir,
      entry: await writeClientEntry(input),
      outDir,
      templates: config.theme.templates,
    })
  if (!bundlesDir) return run()
  const components = Object.values(input.siteComponents ?? {}).map((component) => component.file)
  const sources = [
    ...Object.values(input.templates),
    ...(input.layout ? [input.layout] : []),
    ...input.styles,
    ...input.clientModules,
    ...components,
  ].map((file) => path.dirname(file))
  const key = createHash('sha1')
    .update(engine)
    .update(fingerprintPaths([...sources, config.publicDir]))
    .update(JSON.stringify(input))
    .update(config.base)
    .digest('hex')
  return (await cachedBundle(bundlesDir, key, outDir, run)).assets
}
