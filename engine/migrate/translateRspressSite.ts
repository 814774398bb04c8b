import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { contentAliases } from './contentAliases.ts'
import { readI18nJson } from './i18nJson.ts'
import { NotLiteralConfigError, readConfigLiteral, type LiteralValue } from './readConfigLiteral.ts'
import { readRootNavs } from './rootNavs.ts'
import { readConfigByRunning } from './runConfig.ts'
import { translateConfig, type TranslatedConfig } from './translateConfig.ts'
import { readTsconfigPaths } from './tsconfigPaths.ts'
import { versionLanguageRedirects } from './versionLanguageRedirects.ts'

export interface TranslatedSite {
  config: TranslatedConfig
  /** The Rspress content folder (absolute). */
  docsDir: string
  /** The tsconfig's path aliases of the Rspress site. */
  aliases: Record<string, string>
}

/**
 * The Sheaf config of the Rspress site in `source` (`sourceDir` as the user gave it, for messages):
 * the Rspress config translated, with what the site holds beside it (root navbars, i18n.json labels,
 * the tsconfig's aliases into the content, the addresses of older versions in other languages).
 */
export function translateRspressSite(source: string, sourceDir: string, configName: string): TranslatedSite {
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
      `The default export of ${configName} is built by code, so the config was run to read it: ` +
        `values that are code (plugins, functions) are listed as untranslated.`,
    )
  const aliases = readTsconfigPaths(source)
  addImportAliases(config, aliases)
  addVersionLanguageRedirects(config, docsDir)
  return { config, docsDir, aliases }
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

/** Fragments imported through the site's aliases (`@en/shared/x.mdx`) resolve in the copied content. */
function addImportAliases(config: TranslatedConfig, aliases: Record<string, string>): void {
  const importAliases = contentAliases(aliases, config.contentRoot, config.versionFolder)
  if (Object.keys(importAliases).length === 0) return
  config.fields.markdown = { ...(config.fields.markdown as Record<string, unknown> | undefined), importAliases }
  config.notes.push(
    `The tsconfig's \`paths\` into ${config.contentRoot}/ became \`markdown.importAliases\`, ` +
      `so MDX fragments imported through them (\`${Object.keys(importAliases)[0]}/...\`) are found.`,
  )
}

/** The old addresses of older versions in other languages redirect to Sheaf's (see versionLanguageRedirects.ts). */
function addVersionLanguageRedirects(config: TranslatedConfig, docsDir: string): void {
  const moved = versionLanguageRedirects(docsDir, config)
  if (Object.keys(moved).length === 0) return
  config.plugins.splice(config.plugins.findIndex((plugin) => plugin.name === 'sidebar') + 1, 0, {
    name: 'redirects',
    module: 'redirects',
    options: { redirects: moved },
  })
  config.notes.push(
    `Rspress serves an older version in another language at \`/<version>/<lang>/...\`, ` +
      `Sheaf at \`/<lang>/<version>/...\`: the ${Object.keys(moved).length} old addresses redirect to the new ` +
      `ones (\`redirects(...)\` in site/config.ts).`,
  )
}
