import type { LiteralValue } from './readConfigLiteral.ts'
import { createTranslation, pathFromDirname, shorten, type Translation, type Untranslated } from './translation.ts'
import { translateLocales } from './translateLocales.ts'
import { translateThemeConfig } from './translateThemeConfig.ts'
import { translateGlobalStyles, translateMarkdown, translateRoute, translateSearch } from './translateOptions.ts'
import { NonLiteral, sourceText } from './readConfigLiteral.ts'

export type { Untranslated }

/** What the Sheaf site's config needs besides the Rspress config itself (read from the docs folder). */
export interface TranslateInput {
  config: Record<string, LiteralValue>
  /** Spread or computed keys of the config (`...base`): their values are unknown. */
  spreads?: string[]
  /** The navbar items of the default version and language's root `_meta.json`, when it has them. */
  rootNav?: unknown[]
  /** The navbar of each other language's root `_meta.json` in the default version, by language. */
  langNavs?: Record<string, unknown[]>
  /**
   * Root `_meta.json` navbars of other versions that differ from their language's in the default version, by folder.
   */
  otherNavs?: string[]
}

/** A plugin call in the new config: `name(options)` imported from `sheaf/plugins/<module>`. */
export interface PluginCall {
  name: string
  module: string
  options?: Record<string, unknown>
}

export interface TranslatedConfig {
  /** The Sheaf config's fields (plain data), in the order they are written. */
  fields: Record<string, unknown>
  plugins: PluginCall[]
  /** Stylesheets to copy into the new site: the Rspress path (relative to its site) and the new one. */
  styles: { from: string; to: string }[]
  /** The content folder of the Rspress site, relative to it (`docs`). */
  contentRoot: string
  /** The version folder the content is copied into when the Rspress site has none (`multiVersion` unset). */
  versionFolder?: string
  translated: string[]
  untranslated: Untranslated[]
  /** Things that changed on the way that the user should know (written to MIGRATION.md). */
  notes: string[]
}

/** Rspress 1.x keys that have no Sheaf counterpart, with the reason shown to the user. */
const unsupported: Record<string, string> = {
  builderConfig: 'Sheaf does not use Rsbuild: its build is configured in site/config.ts (e.g. `head` for extra tags)',
  builderPlugins: 'Sheaf does not use Rsbuild; its plugins are Sheaf plugins (docs/writing-a-plugin.md)',
  plugins:
    'Rspress plugins do not run in Sheaf; see docs/plugins.md for the plugins Sheaf has (sitemap, llms, ' +
    'redirects, ...)',
  globalUIComponents: 'Sheaf renders no arbitrary React components into every page; change the theme instead',
  replaceRules: 'Sheaf has no text replacement; a remark plugin in `markdown.remarkPlugins` can do it',
  mediumZoom: 'the default theme has no image zoom',
  ssg: 'Sheaf always pre-renders every page',
  themeDir: 'an Rspress theme folder does not apply to Sheaf; the default theme is used (see docs/theme-contract.md)',
  i18nSourcePath: 'Sheaf reads UI texts from `i18n({ texts })`, not from an i18n.json file',
  head: 'Rspress `head` strings are raw HTML; write them as `head: [{ tag, attrs }]` in site/config.ts',
  logoText: 'the default theme shows the site title beside the logo',
  outDir: 'Sheaf builds into build/ (`outDir` in site/config.ts); the Rspress output folder is not kept',
}
/** The keys the parts of the translation read; any other is listed as untranslated. */
const readKeys = [
  'root',
  'title',
  'description',
  'base',
  'icon',
  'lang',
  'logo',
  'multiVersion',
  'locales',
  'themeConfig',
  'markdown',
  'search',
  'route',
  'globalStyles',
]

/**
 * Translates an Rspress 1.x config (read as data by readConfigLiteral) into the fields and plugin
 * calls of a Sheaf config. Every key is either translated or listed in `untranslated` with the
 * reason; a value that is code rather than a literal is listed, never guessed.
 */
export function translateConfig(input: TranslateInput): TranslatedConfig {
  const source = input.config
  const t = createTranslation(input.spreads ?? [])
  const { fields, contentRoot } = translateSiteFields(t, source)
  const { versionFolder, versionsOptions } = translateVersions(t, source)
  const themeSource = (t.isCode('themeConfig', source.themeConfig ?? {}) ? {} : (source.themeConfig ?? {})) as Record<
    string,
    LiteralValue
  >
  const { locales, defaultLang, texts, localeNavs } = translateLocales(t, source, themeSource, fields.lang)
  const defaultTexts: Record<string, unknown> = {}
  const themeConfig =
    source.themeConfig !== undefined && !(source.themeConfig instanceof NonLiteral)
      ? translateThemeConfig(t, source, themeSource, contentRoot, defaultTexts)
      : {}
  if (Object.keys(defaultTexts).length > 0) texts[defaultLang] = { ...texts[defaultLang], ...defaultTexts }
  // Rspress 1.x reads the navbars from the root `_meta.json` of each language when the config has none.
  if (themeConfig.nav === undefined && localeNavs.length === 0) {
    if (input.rootNav) themeConfig.nav = input.rootNav
    for (const [lang, nav] of Object.entries(input.langNavs ?? {})) localeNavs.push({ lang, nav })
  }
  if (localeNavs.length > 0) themeConfig.locales = localeNavs
  for (const folder of input.otherNavs ?? []) {
    t.skip(
      `${folder}/_meta.json`,
      "this navbar differs from the default version's in the same language: " +
        "Sheaf has one navbar per language (its links are kept within the reader's version)",
    )
  }
  const markdown = translateMarkdown(t, source)
  const withSearch = translateSearch(t, source, themeSource)
  translateRoute(t, source, markdown, contentRoot, versionFolder)
  const styles = translateGlobalStyles(t, source)
  for (const key of Object.keys(source)) {
    if (!readKeys.includes(key)) t.skip(key, unsupported[key] ?? 'not an Rspress 1.x option Sheaf knows')
  }

  fields.publicDir = `${contentRoot}/public`
  if (Object.keys(themeConfig).length > 0) fields.themeConfig = themeConfig
  if (Object.keys(markdown).length > 0) fields.markdown = markdown
  // Rspress checks page links but not #anchors, and real sites have some dead ones: a warning here.
  fields.links = { deadAnchors: 'warn' }

  const plugins: PluginCall[] = [
    { name: 'files', module: 'files', options: { dir: contentRoot } },
    { name: 'versions', module: 'versions', options: versionsOptions },
    {
      name: 'i18n',
      module: 'i18n',
      options: { locales, defaultLang, ...(Object.keys(texts).length > 0 ? { texts } : {}) },
    },
    // Rspress lists a folder without a `_meta.json` by itself: `auto` does the same.
    { name: 'sidebar', module: 'sidebar', options: { auto: true } },
  ]
  if (withSearch) plugins.push({ name: 'search', module: 'search' })
  return {
    fields,
    plugins,
    styles,
    contentRoot,
    versionFolder,
    translated: t.translated,
    untranslated: t.untranslated,
    notes: t.notes,
  }
}

/** The content folder (`root`) and the site's own fields: title, description, base, icon, lang, logo. */
function translateSiteFields(
  t: Translation,
  source: Record<string, LiteralValue>,
): { fields: Record<string, unknown>; contentRoot: string } {
  const { isCode, codeInside, skip, translated } = t
  const fields: Record<string, unknown> = {}
  // root: `docs` (default), a literal, or `path.join(__dirname, 'docs')`.
  let contentRoot = 'docs'
  if (source.root !== undefined) {
    const root =
      source.root instanceof NonLiteral
        ? pathFromDirname(source.root.source)
        : typeof source.root === 'string'
          ? source.root.replace(/^\.\//, '').replace(/\/+$/, '')
          : null
    if (root) {
      contentRoot = root
      translated.push('root')
    } else skip('root', `cannot tell the content folder from \`${shorten(sourceText(source.root))}\`; docs/ is used`)
  }

  for (const key of ['title', 'description', 'base', 'icon', 'lang'] as const) {
    const value = source[key]
    if (value === undefined || isCode(key, value)) continue
    if (typeof value !== 'string') skip(key, `must be a string, got ${JSON.stringify(value)}`)
    else {
      fields[key] = value
      translated.push(key)
    }
  }
  if (fields.title === undefined) fields.title = 'Docs'
  if (source.logo !== undefined && !isCode('logo', source.logo) && !codeInside('logo', source.logo)) {
    fields.logo = source.logo
    translated.push('logo')
  }

  return { fields, contentRoot }
}

/** `multiVersion`: the versions plugin's options; a site without versions gets one folder (`1.0`). */
function translateVersions(
  t: Translation,
  source: Record<string, LiteralValue>,
): { versionFolder?: string; versionsOptions: Record<string, unknown> } {
  const { isCode, codeInside, skip, translated } = t
  let versionFolder: string | undefined
  const multiVersion = source.multiVersion
  let versionsOptions: Record<string, unknown>
  if (
    multiVersion !== undefined &&
    !isCode('multiVersion', multiVersion) &&
    !codeInside('multiVersion', multiVersion)
  ) {
    const { versions, default: defaultVersion } = multiVersion as { versions?: unknown; default?: unknown }
    if (
      !Array.isArray(versions) ||
      versions.length === 0 ||
      !versions.every((version) => typeof version === 'string')
    ) {
      skip('multiVersion', 'needs `versions: [...]` (strings)')
      versionFolder = '1.0'
      versionsOptions = { default: '1.0', versions: ['1.0'] }
    } else {
      versionsOptions = { default: typeof defaultVersion === 'string' ? defaultVersion : versions[0], versions }
      translated.push('multiVersion')
    }
  } else {
    versionFolder = '1.0'
    versionsOptions = { default: '1.0', versions: ['1.0'] }
  }

  return { versionFolder, versionsOptions }
}
