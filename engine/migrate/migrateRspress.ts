import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { packageRoot } from '../packageRoot.ts'
import { configSource } from './configSource.ts'
import { moveHostFiles } from './hostFiles.ts'
import { readI18nJson } from './i18nJson.ts'
import { NotLiteralConfigError, readConfigLiteral, type LiteralValue } from './readConfigLiteral.ts'
import { readConfigByRunning } from './runConfig.ts'
import { scanContent, type ContentIssue } from './scanContent.ts'
import { contentToChangeSection } from './contentToChange.ts'
import { contentAliases } from './contentAliases.ts'
import { readTsconfigPaths } from './tsconfigPaths.ts'
import { copySiteComponents, siteComponentsConfig, type SiteComponent } from './siteComponents.ts'
import { siteComponentsSection } from './siteComponentsSection.ts'
import { translateConfig, type TranslatedConfig, type Untranslated } from './translateConfig.ts'

/** The folder of the Sheaf package that is running: the new site depends on it (`"sheaf": "file:<it>"`). */

const configNames = ['rspress.config.ts', 'rspress.config.mts', 'rspress.config.js', 'rspress.config.mjs']

export interface MigrationResult {
  /** Files written, relative to the new site. */
  files: string[]
  translated: string[]
  untranslated: Untranslated[]
  /** Places in the content that Sheaf will not build as they are (the build fails on them too). */
  contentIssues: ContentIssue[]
  /** The text of MIGRATION.md. */
  report: string
  /**
   * Writes MIGRATION.md again with these places under "Content to change" (the build check's,
   * see buildCheck.ts) and `checked` saying how they were found; returns its text.
   */
  rewriteReport(issues: ContentIssue[], checked: string): string
}

/**
 * `sheaf migrate rspress <rspress-site> <new-dir>`: reads the Rspress 1.x config without running
 * it, writes a Sheaf site whose config says the same where Sheaf can, and copies the content
 * folder unchanged (byte for byte), so the new site builds with no content edit. What it cannot
 * translate is returned and written to MIGRATION.md with the reason.
 */
export function migrateRspress(sourceDir: string, targetDir: string): MigrationResult {
  const source = path.resolve(sourceDir)
  const target = path.resolve(targetDir)
  const configName = configNames.find((name) => fs.existsSync(path.join(source, name)))
  if (!configName) {
    throw new SheafError(`No Rspress config in \`${sourceDir}\` (looked for ${configNames.join(', ')}).`, {
      hint: 'give the folder that holds rspress.config.ts, e.g. `sheaf migrate rspress ./website ../website-sheaf`.',
    })
  }
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new SheafError(`The folder \`${targetDir}\` is not empty.`, {
      hint: 'give `sheaf migrate rspress` a new or empty folder for the Sheaf site.',
    })
  }
  const { value, spreads, ran } = readRspressConfig(path.join(source, configName))
  // A first pass names the content folder, versions and languages; the navbars are read from there.
  const first = translateConfig({ config: value, spreads })
  const docsDir = path.join(source, first.contentRoot)
  if (!fs.existsSync(docsDir) || !fs.statSync(docsDir).isDirectory()) {
    throw new SheafError(`The Rspress content folder \`${path.join(sourceDir, first.contentRoot)}\` does not exist.`, {
      file: path.join(sourceDir, configName),
      hint: 'check the `root` option of the Rspress config.',
    })
  }
  const navs = readRootNavs(docsDir, first)
  const config = translateConfig({
    config: value,
    spreads,
    rootNav: navs.defaultNav,
    langNavs: navs.langNavs,
    otherNavs: navs.others,
  })
  const i18nTexts = readI18nJson(source)
  if (i18nTexts) {
    const sidebarPlugin = config.plugins.find((plugin) => plugin.name === 'sidebar')
    if (sidebarPlugin) sidebarPlugin.options = { ...(sidebarPlugin.options as object), labels: i18nTexts }
    config.translated.push('i18n.json (the `_meta.json` labels it names: `sidebar({ labels })`)')
  }
  if (ran)
    config.notes.push(
      `The default export of ${configName} is built by code, so the config was run to read it: values that are code (plugins, functions) are listed as untranslated.`,
    )
  // Fragments imported through the site's aliases (`@en/shared/x.mdx`) resolve in the copied content.
  const aliases = readTsconfigPaths(source)
  const importAliases = contentAliases(aliases, config.contentRoot, config.versionFolder)
  if (Object.keys(importAliases).length > 0) {
    config.fields.markdown = { ...(config.fields.markdown as Record<string, unknown> | undefined), importAliases }
    config.notes.push(
      `The tsconfig's \`paths\` into ${config.contentRoot}/ became \`markdown.importAliases\`, so MDX fragments imported through them (\`${Object.keys(importAliases)[0]}/...\`) are found.`,
    )
  }
  const moved = versionLanguageRedirects(docsDir, config)
  if (Object.keys(moved).length > 0) {
    config.plugins.splice(config.plugins.findIndex((plugin) => plugin.name === 'sidebar') + 1, 0, {
      name: 'redirects',
      module: 'redirects',
      options: { redirects: moved },
    })
    config.notes.push(
      `Rspress serves an older version in another language at \`/<version>/<lang>/...\`, Sheaf at \`/<lang>/<version>/...\`: the ${Object.keys(moved).length} old addresses redirect to the new ones (\`redirects(...)\` in site/config.ts).`,
    )
  }

  const files: string[] = []
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(target, relative)), { recursive: true })
    fs.writeFileSync(path.join(target, relative), text)
    files.push(relative)
  }
  copyContent(docsDir, path.join(target, config.contentRoot), config.versionFolder)
  moveHostFilesToConfig(path.join(target, config.contentRoot, 'public'), `${config.contentRoot}/public`, config)
  files.push(...copyStyles(source, target, config))
  // The site's own components, copied and registered: the pages that import them build as they are.
  const components = copySiteComponents(source, docsDir, target, aliases)
  files.push(...components.flatMap((component) => component.files))
  const registered = siteComponentsConfig(components)
  if (Object.keys(registered).length > 0) config.fields.components = registered
  write('package.json', packageJson(target))
  write('.gitignore', 'node_modules/\nbuild/\n.sheaf/\n.sheaf-cache/\n')
  write('site/config.ts', configSource(config))
  const handled = new Set(
    components
      .filter((component) => Object.keys(component.registered).length > 0)
      .flatMap((component) => component.importedBy.map((place) => path.join(source, place))),
  )
  const contentIssues = scanContent(docsDir, path.posix.join(config.contentRoot, config.versionFolder ?? ''), handled)
  const report = migrationReport(config, configName, contentIssues, 'found by looking through the pages', components)
  write('MIGRATION.md', report)
  const rewriteReport = (issues: ContentIssue[], checked: string) => {
    const text = migrationReport(config, configName, issues, checked, components)
    fs.writeFileSync(path.join(target, 'MIGRATION.md'), text)
    return text
  }
  return {
    files,
    translated: config.translated,
    untranslated: config.untranslated,
    contentIssues,
    report,
    rewriteReport,
  }
}

/** Reads the config as data when the default export is an object literal; runs it only when it is built by code. */
function readRspressConfig(file: string): { value: Record<string, LiteralValue>; spreads: string[]; ran: boolean } {
  try {
    const { value, spreads } = readConfigLiteral(file)
    return { value, spreads, ran: false }
  } catch (error) {
    if (!(error instanceof NotLiteralConfigError)) throw error
    return { value: readConfigByRunning(file), spreads: [], ran: true }
  }
}

/** Copies the config's global styles into the new site; one whose file is missing is dropped, with the reason. */
function copyStyles(source: string, target: string, config: TranslatedConfig): string[] {
  const files: string[] = []
  for (const style of config.styles) {
    const from = path.join(source, style.from)
    if (fs.existsSync(from)) {
      fs.mkdirSync(path.dirname(path.join(target, style.to)), { recursive: true })
      fs.copyFileSync(from, path.join(target, style.to))
      files.push(style.to)
    } else {
      config.untranslated.push({ key: 'globalStyles', reason: `the file ${style.from} does not exist` })
      config.styles.splice(config.styles.indexOf(style), 1)
    }
  }
  return files
}

/**
 * A `_headers` and `_redirects` of the public folder become the config's `headers` and `redirects()` (see
 * hostFiles.ts).
 */
function moveHostFilesToConfig(publicDir: string, publicDirFromRoot: string, config: TranslatedConfig): void {
  const moved = moveHostFiles(publicDir, publicDirFromRoot)
  config.untranslated.push(...moved.untranslated)
  if (moved.headers.length > 0) config.fields.headers = moved.headers
  if (Object.keys(moved.redirects).length > 0) {
    const existing = config.plugins.find((plugin) => plugin.name === 'redirects')
    if (existing) Object.assign((existing.options as { redirects: Record<string, string> }).redirects, moved.redirects)
    else
      config.plugins.splice(config.plugins.findIndex((plugin) => plugin.name === 'sidebar') + 1, 0, {
        name: 'redirects',
        module: 'redirects',
        options: { redirects: moved.redirects },
      })
  }
  if (moved.removed.length > 0) {
    config.notes.push(
      `${moved.removed.map((file) => `\`${file}\``).join(' and ')} moved into site/config.ts (\`headers\`, \`redirects(...)\`): Sheaf takes headers and redirects from the config, never from the public folder, which content can change.`,
    )
  }
}

/** Navbar items: a root `_meta.json` of Rspress 1.x is an array of `{ text, link | items }`. */
function isNavMeta(value: unknown): value is unknown[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => item && typeof item === 'object' && 'text' in item && !('type' in item) && !('name' in item))
  )
}

/**
 * The navbar of each language in the default version (its root `_meta.json`), and the folders of
 * other versions whose root `_meta.json` holds a different one (Sheaf has one navbar per language,
 * its links kept within the reader's version).
 */
function readRootNavs(
  docsDir: string,
  config: TranslatedConfig,
): { defaultNav?: unknown[]; langNavs: Record<string, unknown[]>; others: string[] } {
  const versionsPlugin = config.plugins.find((plugin) => plugin.name === 'versions')?.options as {
    default: string
    versions: string[]
  }
  const i18nPlugin = config.plugins.find((plugin) => plugin.name === 'i18n')?.options as {
    locales: { lang: string }[]
    defaultLang: string
  }
  const versions = config.versionFolder ? [''] : versionsPlugin.versions
  const defaultVersion = config.versionFolder ? '' : versionsPlugin.default
  const langs = i18nPlugin.locales.length > 1 ? i18nPlugin.locales.map((locale) => locale.lang) : ['']
  const defaultLang = i18nPlugin.locales.length > 1 ? i18nPlugin.defaultLang : ''
  const navOf = (folder: string): unknown[] | undefined => {
    const file = path.join(docsDir, folder, '_meta.json')
    if (!fs.existsSync(file)) return undefined
    try {
      const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
      return isNavMeta(value) ? value : undefined
    } catch {
      return undefined
    }
  }
  const defaultNav = navOf(path.posix.join(defaultVersion, defaultLang))
  const langNavs: Record<string, unknown[]> = {}
  for (const lang of langs) {
    const nav = lang === defaultLang ? undefined : navOf(path.posix.join(defaultVersion, lang))
    if (nav) langNavs[lang] = nav
  }
  const others: string[] = []
  for (const version of versions) {
    if (version === defaultVersion) continue
    for (const lang of langs) {
      const nav = navOf(path.posix.join(version, lang))
      const same = lang === defaultLang ? defaultNav : langNavs[lang]
      if (nav && JSON.stringify(nav) !== JSON.stringify(same)) others.push(path.posix.join(version, lang))
    }
  }
  return { defaultNav, langNavs, others }
}

/**
 * Old address -> new one for every page of an older version in another language: Rspress puts the
 * version first (`/v1/zh/guide/start`), Sheaf the language (`/zh/v1/guide/start`).
 */
function versionLanguageRedirects(docsDir: string, config: TranslatedConfig): Record<string, string> {
  const versionsPlugin = config.plugins.find((plugin) => plugin.name === 'versions')?.options as {
    default: string
    versions: string[]
  }
  const i18nPlugin = config.plugins.find((plugin) => plugin.name === 'i18n')?.options as {
    locales: { lang: string }[]
    defaultLang: string
  }
  if (config.versionFolder || i18nPlugin.locales.length < 2) return {}
  const redirects: Record<string, string> = {}
  for (const version of versionsPlugin.versions.filter((name) => name !== versionsPlugin.default)) {
    for (const lang of i18nPlugin.locales
      .map((locale) => locale.lang)
      .filter((name) => name !== i18nPlugin.defaultLang)) {
      const folder = path.join(docsDir, version, lang)
      if (!fs.existsSync(folder)) continue
      for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
        if (!/\.mdx?$/.test(file)) continue
        const slug = file
          .split(path.sep)
          .join('/')
          .replace(/\.mdx?$/, '')
          .replace(/(^|\/)index$/, '$1')
        redirects[`/${version}/${lang}/${slug}`] = `/${lang}/${version}/${slug}`
      }
    }
  }
  return redirects
}

/**
 * Copies the content folder unchanged. A site without versions gets its pages (not `public/`)
 * under one version folder, since Sheaf keeps every page under `<content>/<version>/`.
 */
function copyContent(from: string, to: string, versionFolder: string | undefined): void {
  const skip = (name: string) => name === 'node_modules' || name === '.rspress'
  if (!versionFolder) {
    fs.cpSync(from, to, { recursive: true, filter: (file) => !skip(path.basename(file)) })
    return
  }
  for (const entry of fs.readdirSync(from)) {
    if (skip(entry)) continue
    fs.cpSync(
      path.join(from, entry),
      entry === 'public' ? path.join(to, 'public') : path.join(to, versionFolder, entry),
      { recursive: true },
    )
  }
}

function packageJson(target: string): string {
  const name =
    path
      .basename(target)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'docs'
  const sheafPath = (path.relative(target, packageRoot) || '.').split(path.sep).join('/')
  const scripts = { dev: 'sheaf dev', build: 'sheaf build', preview: 'sheaf preview' }
  return `${JSON.stringify({ name, private: true, type: 'module', scripts, dependencies: { sheaf: `file:${sheafPath}` } }, null, 2)}\n`
}

/** MIGRATION.md: what was translated, what was not and why, and what to check next. */
function migrationReport(
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
  return `# Migrated from Rspress

Written by \`sheaf migrate rspress\` from \`${configName}\`. The content of \`${config.contentRoot}/\` was
copied unchanged${config.versionFolder ? ` (pages under \`${config.contentRoot}/${config.versionFolder}/\`: Sheaf keeps every page under a version folder)` : ''}; the config is \`site/config.ts\`.

\`\`\`bash
npm install
npm run build     # into build/
npm run dev       # http://127.0.0.1:5173${typeof config.fields.base === 'string' ? config.fields.base : '/'}
\`\`\`

## Translated

${config.translated.length > 0 ? config.translated.map((key) => `- \`${key}\``).join('\n') : '- (nothing)'}

## Not translated

${rows.length > 0 ? `| key | why |\n| --- | --- |\n${rows.join('\n')}` : 'Everything was translated.'}

${siteComponentsSection(components)}${contentToChangeSection(contentIssues, checked)}${config.notes.length > 0 ? `## Notes\n\n${config.notes.map((note) => `- ${note}`).join('\n')}\n\n` : ''}## Links

Rspress checks links to pages but not \`#anchors\`. The new config sets \`links: { deadAnchors: 'warn' }\`:
a dead page link fails the build, a dead \`#anchor\` is a warning with its file and line. Fix those,
then remove the option to make them errors.
`
}
