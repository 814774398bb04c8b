import type { ResolvedConfig } from './config/types.ts'
import { markdownCacheDir } from './incremental/cacheDirs.ts'
import { markdownModules } from './markdown/markdownModules.ts'
import type { MarkdownProcessor } from './markdown/processor.ts'
import type { PluggableList } from 'unified'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageRoot } from './packageRoot.ts'
import { createMarkdownCache, type MarkdownCache } from './sources/markdownCache.ts'
import { fragmentOptions, fragmentStamp } from './markdown/fragmentImports.ts'
import { ContentAssets } from './links/contentAssets.ts'

/**
 * What survives between builds in one process (the dev server, tests): the
 * highlighter and processor are expensive to create and cheap to call, and
 * the markdown cache means an unchanged file is never re-parsed.
 */
export interface BuildSession {
  processor: MarkdownProcessor
  markdownCache: MarkdownCache
  key: string
  /** Resolves once what the build wrote in the background (markdown cache entries) is on disk. */
  flush(): Promise<void>
  /** Pages' resolved links from the last build in this process (see pipeline/resolveLinks.ts). */
  resolvedLinks: Map<string, { raw: unknown; context: string; result: { body: unknown; dead: unknown[] } }>
  /**
   * The images outside the public folder the last link resolution copies (see links/contentAssets.ts):
   * replaced by each build's, added to by the dev server's on-demand bodies, served by it.
   */
  contentAssets: ContentAssets
}

export async function createBuildSession(
  config: ResolvedConfig,
  options: { cache?: boolean; keepInMemory?: boolean } = {},
): Promise<BuildSession> {
  // Created on first use: when worker threads transform every file (a cold build of a big
  // site), the main thread never loads the markdown pipeline or shiki, and starts them sooner.
  let created: Promise<MarkdownProcessor> | undefined
  const processor: MarkdownProcessor = {
    maxPageSize: config.markdown.maxPageSize,
    async process(input) {
      created ??= (async () => {
        const [{ createCodeHighlighter }, { createMarkdownProcessor }] = await Promise.all([
          markdownModules.highlighter(),
          markdownModules.processor(),
        ])
        const highlighter = await createCodeHighlighter(config.markdown.codeThemes)
        return createMarkdownProcessor({
          highlighter,
          components: config.markdown.components,
          sanitize: config.markdown.sanitize,
          reservedIds: config.markdown.reservedIds,
          contentClasses: config.markdown.contentClasses,
          maxPageSize: config.markdown.maxPageSize,
          containerTypes: config.markdown.containerTypes,
          remarkPlugins: config.markdown.remarkPlugins,
          rehypePlugins: config.markdown.rehypePlugins,
          fragmentImports: fragmentOptions(config),
        })
      })()
      return (await created).process(input)
    },
  }
  const key = sessionKey(config)
  const dir = markdownCacheDir(config.root, options.cache)
  const fragments = fragmentOptions(config)
  // A page's key covers the fragments it shows: an edited fragment re-transforms its importers.
  const markdownCache = createMarkdownCache({
    dir,
    salt: `${engineVersion}\0${key}`,
    keepInMemory: options.keepInMemory ?? true,
    stamp: (source, file) => fragmentStamp(source, file, fragments),
  })
  return {
    processor,
    flush: () => markdownCache.flush(),
    markdownCache,
    key,
    resolvedLinks: new Map(),
    contentAssets: new ContentAssets(config.root),
  }
}

/**
 * Part of every cache key: the package version plus a digest of the markdown
 * pipeline's own source, so an engine change (even unreleased) never reads an
 * old cache entry.
 */
export const engineVersion: string = computeEngineVersion()

function computeEngineVersion(): string {
  const engineDir = path.dirname(fileURLToPath(import.meta.url))
  const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }
  const hash = createHash('sha1')
  for (const dir of ['markdown', 'sources']) {
    for (const name of fs.readdirSync(path.join(engineDir, dir)).sort())
      hash.update(fs.readFileSync(path.join(engineDir, dir, name)))
  }
  return `${version}+${hash.digest('hex').slice(0, 12)}`
}

/** Sessions are reused only while the options that shape the markdown output stay the same. */
export function sessionKey(config: ResolvedConfig): string {
  const { remarkPlugins, rehypePlugins, ...rest } = config.markdown
  return JSON.stringify({ ...rest, remarkPlugins: pluginsKey(remarkPlugins), rehypePlugins: pluginsKey(rehypePlugins) })
}

/**
 * unified plugins as cache-key text: each function's name and a digest of its source, with its
 * options. A plugin upgrade that keeps its entry function's source the same is not seen: clear
 * .sheaf-cache then.
 */
function pluginsKey(plugins: PluggableList): string[] {
  return plugins.map((entry) => {
    const [plugin, ...options] = Array.isArray(entry) ? entry : [entry]
    const source =
      typeof plugin === 'function'
        ? `${plugin.name}:${createHash('sha1').update(String(plugin)).digest('hex')}`
        : 'preset'
    return `${source}:${JSON.stringify(options)}`
  })
}
