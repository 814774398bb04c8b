import { contentToChangeSection } from './contentToChange.ts'
import type { ContentIssue } from './scanContent.ts'
import type { SiteComponent } from './siteComponents.ts'
import { siteComponentsSection } from './siteComponentsSection.ts'
import type { TranslatedConfig } from './translateConfig.ts'

/** MIGRATION.md: what was translated, what was not and why, and what to check next. */
export function migrationReport(
  config: TranslatedConfig,
  configName: string,
  contentIssues: ContentIssue[],
  checked: string,
  components: SiteComponent[],
): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|')
  // A key that holds a backtick (a template literal) takes a double-backtick code span.
  const code = (text: string) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``)
  const rows = config.untranslated.map((item) => `| ${code(escape(item.key))} | ${escape(item.reason)} |`)
  const versionNote = config.versionFolder
    ? ` (pages under \`${config.contentRoot}/${config.versionFolder}/\`: Sheaf keeps every page under a version folder)`
    : ''
  const base = typeof config.fields.base === 'string' ? config.fields.base : '/'
  const translated = config.translated.length > 0 ? config.translated.map((key) => `- \`${key}\``) : ['- (nothing)']
  const notTranslated =
    rows.length > 0 ? `| key | why |\n| --- | --- |\n${rows.join('\n')}` : 'Everything was translated.'
  const notes = config.notes.length > 0 ? `## Notes\n\n${config.notes.map((note) => `- ${note}`).join('\n')}\n\n` : ''
  return `# Migrated from Rspress

Written by \`sheaf migrate rspress\` from \`${configName}\`. The content of \`${config.contentRoot}/\` was
copied unchanged${versionNote}; the config is \`site/config.ts\`.

\`\`\`bash
npm install
npm run build     # into build/
npm run dev       # http://127.0.0.1:5173${base}
\`\`\`

## Translated

${translated.join('\n')}

## Not translated

${notTranslated}

${siteComponentsSection(components)}${contentToChangeSection(contentIssues, checked)}${notes}## Links

Rspress checks links to pages but not \`#anchors\`. The new config sets \`links: { deadAnchors: 'warn' }\`:
a dead page link fails the build, a dead \`#anchor\` is a warning with its file and line. Fix those,
then remove the option to make them errors.
`
}
