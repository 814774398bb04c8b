import fs from 'node:fs'
import path from 'node:path'
import { formatError } from '../errors.ts'
import { packageRoot } from '../packageRoot.ts'
import { causeOf, type ContentIssue } from './contentToChange.ts'

/** What the build check found: each failing place, or why the check could not run. */
export type BuildCheck = { issues: ContentIssue[] } | { failed: string }

/**
 * Builds the migrated site in memory, keeping going past broken files (as `sheaf build
 * --keep-going` does), so MIGRATION.md lists every file Sheaf will not build as it is, not only
 * what the scan before it can guess. The site's `sheaf` dependency is linked for the check as
 * `npm install` links it (`file:`), and unlinked after: the folder is left as migrate wrote it.
 */
export async function checkMigratedSite(target: string): Promise<BuildCheck> {
  const modules = path.join(target, 'node_modules')
  const hadModules = fs.existsSync(modules)
  const link = path.join(modules, 'sheaf')
  const linked = !fs.existsSync(link)
  // Plugins may keep state there (the search index's); the check leaves none behind.
  const cache = path.join(target, '.sheaf-cache')
  const hadCache = fs.existsSync(cache)
  if (linked) {
    fs.mkdirSync(modules, { recursive: true })
    fs.symlinkSync(packageRoot, link, 'dir')
  }
  try {
    const { build } = await import('../build.ts')
    const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
    const result = await build(target, {
      write: false,
      keepGoing: true,
      cache: false,
      workers: false,
      quiet: true,
      sink: quiet,
    })
    return {
      issues: result.errors.map((error) => ({
        where: error.location ?? error.file ?? 'the site',
        problem: oneLine(error.message),
        cause: causeOf(error.message),
      })),
    }
  } catch (error) {
    // A failure that is not a file's (a config the site must fix first): said once, as the build says it.
    return { failed: formatError(error) }
  } finally {
    if (linked) fs.rmSync(hadModules ? link : modules, { recursive: true, force: true })
    if (!hadCache) fs.rmSync(cache, { recursive: true, force: true })
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')
}
