import path from 'node:path'
import { SheafError } from '../errors.ts'
import type { CommandContext } from './commandLine.ts'

/** `sheaf migrate rspress <site> <new folder>`. */
export async function migrateCommand({ root, rest }: CommandContext): Promise<number> {
  const [from, source, target] = rest
  if (from !== undefined && from !== 'rspress') {
    throw new SheafError(`\`sheaf migrate\` knows Rspress 1.x sites only, not \`${from}\`.`, {
      hint: 'run e.g. `npx sheaf migrate rspress ./website ../website-sheaf`.',
    })
  }
  if (!source || !target) {
    throw new SheafError('`sheaf migrate rspress` needs the Rspress site and the new folder.', {
      hint: 'run e.g. `npx sheaf migrate rspress ./website ../website-sheaf`.',
    })
  }
  const { migrateRspress } = await import('../migrate/migrateRspress.ts')
  const result = migrateRspress(path.resolve(root, source), path.resolve(root, target))
  // The migrated site is built (in memory, keeping going) to list every file it will not build as it is.
  const [{ checkMigratedSite }, { mergeChecks }] = await Promise.all([
    import('../migrate/buildCheck.ts'),
    import('../migrate/contentToChange.ts'),
  ])
  const check = await checkMigratedSite(path.resolve(root, target))
  const found = 'issues' in check ? mergeChecks(result.contentIssues, check.issues) : result.contentIssues
  result.rewriteReport(
    found,
    'issues' in check
      ? 'a build of the new site found them, each with its line'
      : `found by looking through the pages; the build check could not run: ${check.failed.replace(/\s*\n\s*/g, ' ')}`,
  )
  const untranslated = result.untranslated.map((item) => `  ${item.key}: ${item.reason}`).join('\n')
  const issues = found.map((issue) => `  ${issue.where}: ${issue.problem}`).join('\n')
  const counts = `${result.translated.length} config keys translated, ${result.untranslated.length} not`
  process.stdout.write(
    `Migrated ${source} into ${target}: ${counts}${untranslated ? `:\n${untranslated}` : '.'}\n` +
      (issues ? `Content Sheaf will not build as it is:\n${issues}\n` : '') +
      `The list is in ${path.join(target, 'MIGRATION.md')}. Next:\n  cd ${target}\n  npm install\n  npm run build\n`,
  )
  return 0
}
