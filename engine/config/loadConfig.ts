import fs from 'node:fs'
import path from 'node:path'
import { isSheafError, SheafError } from '../errors.ts'
import { siteModuleCacheDir } from '../incremental/cacheDirs.ts'
import { importSiteModule } from '../loading/importSiteModule.ts'
import type { ResolvedConfig } from './types.ts'
import { resolveThemeReference } from './resolveThemeReference.ts'
import { validateConfig } from './validateConfig.ts'

export const defaultConfigFile = 'site/config.ts'

/**
 * Imports the config module (bundled with the site files it imports: loading/importSiteModule.ts)
 * and validates it. Its bundle is kept between runs unless `cache` is false (a run that keeps no cache).
 */
export async function loadConfig(
  root: string,
  configFile = defaultConfigFile,
  options: { cache?: boolean } = {},
): Promise<ResolvedConfig> {
  const absolute = path.resolve(root, configFile)
  if (!fs.existsSync(absolute)) {
    throw new SheafError(`No config file at \`${path.relative(root, absolute)}\`.`, {
      hint: `create ${configFile} with \`export default defineConfig({ ... })\`, or pass --config <file>.`,
    })
  }
  if (fs.statSync(absolute).isDirectory()) {
    const folder = path.relative(root, absolute) || '.'
    throw new SheafError(`The config \`${folder}\` is a folder, not a file.`, {
      hint: `pass the config file itself, e.g. --config ${path.join(folder, 'config.ts')}.`,
    })
  }
  const cacheDir = siteModuleCacheDir(root, options.cache)
  let loaded: { default?: unknown }
  try {
    loaded = await importSiteModule(absolute, root, { cacheDir })
  } catch (error) {
    if (isSheafError(error)) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The config file threw while loading: ${message}`, {
      file: path.relative(root, absolute),
      hint: 'fix the error in the config file; run with --verbose for the stack trace.',
      cause: error,
    })
  }
  return validateConfig(await resolveThemeReference(loaded.default, absolute, root, cacheDir), root, absolute)
}
