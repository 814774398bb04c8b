import fs from 'node:fs'
import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import { headersRulesText } from '../config/headersOption.ts'
import { headersFile, sitePolicy } from './contentSecurityPolicy.ts'
import { headTagChildren } from './htmlShell.ts'

/**
 * Writes the build's `_headers` (Netlify/Cloudflare format; `sheaf preview` reads it too): the
 * config's `headers` rules first, then the site's Content-Security-Policy. Its hashes are those of
 * every page's inline head scripts, asked of the config and the plugins again rather than read back
 * from the pages, so pages reused from the previous build or rendered in a worker count as well.
 * Headers come from the config only: the public folder may not hold a `_headers` (publicFileRules.ts).
 */
export async function writeSecurityHeaders(
  outDir: string,
  config: ResolvedConfig,
  runner: PluginRunner,
  pages: readonly { path: string; template: string }[],
  mode: 'build' | 'develop',
): Promise<void> {
  if (mode !== 'build') return
  const tagLists = config.csp
    ? pages.map((page) => [
        ...config.head,
        ...runner.headTags({ path: page.path, template: page.template, mode, base: config.base }),
      ])
    : []
  const directives = config.csp ? sitePolicy(config.csp, runner.plugins) : false
  const text = headersFile(directives, tagLists, headTagChildren, {
    assetsPath: `${config.base}assets/`,
    leading: headersRulesText(config.headers),
  })
  await fs.promises.writeFile(path.join(outDir, '_headers'), text)
}
