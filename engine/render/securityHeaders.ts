import fs from 'node:fs'
import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import { headersFile, sitePolicy } from './contentSecurityPolicy.ts'
import { headTagChildren } from './htmlShell.ts'

/**
 * Writes the build's `_headers` (Netlify/Cloudflare format; `sheaf preview` reads it too) with
 * the site's Content-Security-Policy. Its hashes are those of every page's inline head scripts,
 * asked of the config and the plugins again rather than read back from the pages, so pages reused
 * from the previous build or rendered in a worker count as well. A `_headers` the site ships in its
 * public folder is kept, with this rule after its own.
 */
export async function writeSecurityHeaders(outDir: string, config: ResolvedConfig, runner: PluginRunner, pages: readonly { path: string; template: string }[], mode: 'build' | 'develop'): Promise<void> {
  if (!config.csp || mode !== 'build') return
  const file = path.join(outDir, '_headers')
  const existing = fs.existsSync(file) ? await fs.promises.readFile(file, 'utf8') : ''
  const tagLists = pages.map((page) => [...config.head, ...runner.headTags({ path: page.path, template: page.template, mode, base: config.base })])
  await fs.promises.writeFile(file, headersFile(sitePolicy(config.csp, runner.plugins), tagLists, headTagChildren, existing))
}
