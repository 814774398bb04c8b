import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import { compiledRoot, packageRoot } from '../packageRoot.ts'
import { engineFingerprint } from '../incremental/fingerprint.ts'
import { closeOverlay, openOverlay } from '../incremental/outputOverlay.ts'
import { bundleCacheDir } from '../incremental/cacheDirs.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import type { ClientAssets } from '../render/htmlShell.ts'
import { assertSafeOutputDir, createStagingDir, writeOutputFile, type SourceFolders } from '../render/outputDir.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import { bundleClient } from './clientBundle.ts'
import { contentFolders } from './contentFolders.ts'
import type { PostBuildTarget } from './postBuild.ts'
import type { RenderedSite } from './renderSite.ts'
import type { BuildSession } from '../buildContext.ts'

type Staging = Awaited<ReturnType<typeof createStagingDir>>

/**
 * The folder a written build fills: checked before anything is written (never the project or a
 * source folder, never someone's data), staged beside the old output, and swapped in only when
 * the whole build succeeded, so a failed build never destroys the previous output.
 */
export interface BuildOutput {
  /** The folder the site is committed to. */
  dir: string
  /** The engine fingerprint: the client bundle's cache key and the page cache's both take it. */
  engine: string
  /** Starts the client bundle once `when` settles (see TransformedContent.coreFree). */
  bundleWhen(when: Promise<void>, runner: PluginRunner): void
  /**
   * The pages named templates of the site's own (see withSiteTemplates): the bundle is made again
   * with them, after the one started early (which knew only the theme's) has settled. Only a site
   * with templates of its own pays for it, and a kept bundle makes it a cache hit the next time.
   */
  bundleFor(config: ResolvedConfig): void
  /** Refuses an output folder inside a content folder (known only once the files are sourced). */
  checkContentFolders(store: NodeStore): Promise<void>
  /** The client bundle, in the staging folder. */
  assets(): Promise<ClientAssets>
  staging(): Promise<Staging>
  target(): Promise<PostBuildTarget>
  commit(): Promise<void>
  /** A failed build: lets the bundle settle, then removes the staging folder. */
  discard(): Promise<void>
}

export function openBuildOutput(
  config: ResolvedConfig,
  outDirOption: string | undefined,
  cacheDir: string | null,
): BuildOutput {
  const dir = outDirOption ? path.resolve(config.root, outDirOption) : config.outDir
  const checked = assertSafeOutputDir(dir, sourceFolders(config))
  checked.catch(() => undefined)
  const engine = engineFingerprint(
    { dir: compiledRoot, packageJson: path.join(packageRoot, 'package.json') },
    config.root,
  )
  let staging: Promise<Staging> | null = null
  let bundle: Promise<ClientAssets> | null = null
  // The client modules the bundle takes are the plugins' (bundleWhen says which).
  let runner: PluginRunner | null = null
  const stagingDir = () => (staging ??= checked.then(() => openStaging(dir)))
  let bundled = config
  const bundleInto = (folder: Staging) => {
    if (!runner) throw new Error('the client bundle was asked for before bundleWhen named the plugins')
    return bundleClient(bundled, runner, folder.dir, cacheDir && bundleCacheDir(config.root, true), engine)
  }
  const assets = () => (bundle ??= stagingDir().then(bundleInto))
  return {
    dir,
    engine,
    bundleWhen(when, plugins) {
      runner = plugins
      // Awaited after the pages are ready; a failure before then must not go unhandled.
      void when.then(() => assets().catch(() => undefined))
    },
    bundleFor(next) {
      if (next === bundled) return
      bundled = next
      // Two bundles never write into the staging folder at once.
      if (bundle) bundle = bundle.catch(() => undefined).then(() => stagingDir().then(bundleInto))
    },
    async checkContentFolders(store) {
      await checked
      await assertSafeOutputDir(dir, {
        root: config.root,
        sources: contentFolders(store).map((dir) => ({ label: 'content', dir })),
      })
    },
    assets,
    staging: stagingDir,
    async target() {
      const folder = await stagingDir()
      return {
        outDir: folder.dir,
        emitFile: (relativePath, content) => writeOutputFile(folder.dir, relativePath, content),
      }
    },
    async commit() {
      await (await stagingDir()).commit()
    },
    async discard() {
      await bundle?.catch(() => undefined)
      await (await staging?.catch(() => null))?.discard()
    },
  }
}

/**
 * A staging folder for `dir`. When `dir` holds a previous build, the staging folder is an overlay on
 * it (see OutputOverlay): unchanged files are kept where they are, and the commit moves only the
 * new ones in, unless the build kept nothing, when the folders are swapped as for a first build.
 */
async function openStaging(dir: string): Promise<Staging> {
  const staging = await createStagingDir(dir)
  const overlay = openOverlay(dir, staging.dir)
  if (!overlay) return staging
  return {
    dir: staging.dir,
    async commit() {
      try {
        if (overlay.keptCount === 0) return await staging.commit()
        await overlay.merge()
        // Left in it: the replaced files and empty folders.
        await staging.discard()
      } finally {
        closeOverlay(overlay)
      }
    },
    async discard() {
      closeOverlay(overlay)
      await staging.discard()
    },
  }
}

/** Swaps the staging folder in, then saves what describes it: the page cache's manifest and the session's stores. */
export async function commitOutput(output: BuildOutput, rendered: RenderedSite, session: BuildSession): Promise<void> {
  await output.commit()
  rendered.pageCache?.save()
  await session.flush()
}

/** The folders of a site's sources that its output folder must keep clear of (see assertSafeOutputDir). */
function sourceFolders(config: ResolvedConfig): SourceFolders {
  const theme = [
    ...Object.values(config.theme.templates),
    ...(config.theme.layout ? [config.theme.layout] : []),
    ...config.theme.styles,
  ].map((file) => ({ label: 'theme', dir: path.dirname(file) }))
  return {
    root: config.root,
    sources: [
      { label: 'config', dir: path.dirname(config.configFile) },
      { label: 'public', dir: config.publicDir },
      ...theme,
    ],
  }
}
