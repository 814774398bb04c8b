import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { packageRoot } from '../packageRoot.ts'
import { configSource } from './configSource.ts'
import { moveHostFiles } from './hostFiles.ts'
import { migrationReport } from './migrationReport.ts'
import { scanContent, type ContentIssue } from './scanContent.ts'
import { copySiteComponents, siteComponentsConfig } from './siteComponents.ts'
import type { TranslatedConfig, Untranslated } from './translateConfig.ts'
import { translateRspressSite } from './translateRspressSite.ts'

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
  const { config, docsDir, aliases } = translateRspressSite(source, sourceDir, configName)
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
      `${moved.removed.map((file) => `\`${file}\``).join(' and ')} moved into site/config.ts (\`headers\`, ` +
        `\`redirects(...)\`): Sheaf takes headers and redirects from the config, never from the public folder, ` +
        `which content can change.`,
    )
  }
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

/** The new site's package.json: it depends on the Sheaf package that is running (`"sheaf": "file:<it>"`). */
function packageJson(target: string): string {
  const name =
    path
      .basename(target)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'docs'
  const sheafPath = (path.relative(target, packageRoot) || '.').split(path.sep).join('/')
  const scripts = { dev: 'sheaf dev', build: 'sheaf build', preview: 'sheaf preview' }
  const dependencies = { sheaf: `file:${sheafPath}` }
  return `${JSON.stringify({ name, private: true, type: 'module', scripts, dependencies }, null, 2)}\n`
}
