import path from 'node:path'
import { NonLiteral, type LiteralValue } from './readConfigLiteral.ts'

/** A config key the migration could not carry over, and why (printed, and listed in MIGRATION.md). */
export interface Untranslated {
  key: string
  reason: string
}

/** What the Sheaf site's config needs besides the Rspress config itself (read from the docs folder). */
export interface TranslateInput {
  config: Record<string, LiteralValue>
  /** Spread or computed keys of the config (`...base`): their values are unknown. */
  spreads?: string[]
  /** The navbar items of the default version and language's root `_meta.json`, when it has them. */
  rootNav?: unknown[]
  /** The navbar of each other language's root `_meta.json` in the default version, by language. */
  langNavs?: Record<string, unknown[]>
  /** Root `_meta.json` navbars of other versions that differ from their language's in the default version, by folder. */
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
  plugins: 'Rspress plugins do not run in Sheaf; see docs/plugins.md for the plugins Sheaf has (sitemap, llms, redirects, ...)',
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

const themeKeysAsIs = ['socialLinks', 'footer', 'lastUpdated', 'enableContentAnimation', 'darkMode', 'outlineTitle', 'prevPageText', 'nextPageText', 'lastUpdatedText', 'searchPlaceholderText'] as const

const unsupportedThemeKeys: Record<string, string> = {
  outline: 'the default theme always shows the outline of a page with headings',
  docFooter: 'the previous/next links are always shown; their texts are `prevPageText` / `nextPageText`',
  enableScrollToTop: 'the default theme has its own back-to-top link',
  localeRedirect: "Sheaf's i18n plugin always redirects a first visit to the browser's language",
}

/** UI texts a `themeConfig.locales[]` entry may set, and the Sheaf i18n text each becomes. */
const localeTexts: Record<string, string> = {
  outlineTitle: 'outlineTitle',
  prevPageText: 'prevPageText',
  nextPageText: 'nextPageText',
  lastUpdatedText: 'lastUpdatedText',
  searchPlaceholderText: 'searchPlaceholderText',
  sourceCodeText: 'sourceText',
}

/**
 * Translates an Rspress 1.x config (read as data by readConfigLiteral) into the fields and plugin
 * calls of a Sheaf config. Every key is either translated or listed in `untranslated` with the
 * reason; a value that is code rather than a literal is listed, never guessed.
 */
export function translateConfig(input: TranslateInput): TranslatedConfig {
  const source = input.config
  const untranslated: Untranslated[] = (input.spreads ?? []).map((key) => ({ key, reason: 'a spread or computed key: its value is only known when the config runs; translate it by hand' }))
  const translated: string[] = []
  const fields: Record<string, unknown> = {}
  const themeConfig: Record<string, unknown> = {}
  const markdown: Record<string, unknown> = {}
  const styles: TranslatedConfig['styles'] = []
  const notes: string[] = []
  const skip = (key: string, reason: string) => untranslated.push({ key, reason })
  const isCode = (key: string, value: LiteralValue): value is NonLiteral => {
    if (!(value instanceof NonLiteral)) return false
    skip(key, `its value is code (\`${shorten(value.source)}\`), not a literal; translate it by hand`)
    return true
  }
  const codeInside = (key: string, value: LiteralValue): boolean => {
    const found = findNonLiteral(value)
    if (found) skip(key, `part of its value is code (\`${shorten(found.source)}\`), not a literal; translate it by hand`)
    return Boolean(found)
  }

  // root: `docs` (default), a literal, or `path.join(__dirname, 'docs')`.
  let contentRoot = 'docs'
  if (source.root !== undefined) {
    const root = source.root instanceof NonLiteral ? pathFromDirname(source.root.source) : typeof source.root === 'string' ? source.root.replace(/^\.\//, '').replace(/\/+$/, '') : null
    if (root) {
      contentRoot = root
      translated.push('root')
    } else skip('root', `cannot tell the content folder from \`${shorten(String(source.root instanceof NonLiteral ? source.root.source : source.root))}\`; docs/ is used`)
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

  // Versions: Sheaf keeps every page under content/<version>/; a site without versions gets one.
  let versionFolder: string | undefined
  const multiVersion = source.multiVersion
  let versionsOptions: Record<string, unknown>
  if (multiVersion !== undefined && !isCode('multiVersion', multiVersion) && !codeInside('multiVersion', multiVersion)) {
    const { versions, default: defaultVersion } = multiVersion as { versions?: unknown; default?: unknown }
    if (!Array.isArray(versions) || versions.length === 0 || !versions.every((version) => typeof version === 'string')) {
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

  // Languages: `locales` (and `themeConfig.locales`, which Rspress also accepts alone) name them.
  const themeSource = (isCode('themeConfig', source.themeConfig ?? {}) ? {} : (source.themeConfig ?? {})) as Record<string, LiteralValue>
  const themeLocales = Array.isArray(themeSource.locales) ? (themeSource.locales as Record<string, LiteralValue>[]) : []
  const siteLocales = Array.isArray(source.locales) ? (source.locales as Record<string, LiteralValue>[]) : []
  if (source.locales !== undefined && !Array.isArray(source.locales) && !isCode('locales', source.locales)) skip('locales', 'must be an array of `{ lang, label }`')
  const localeList = (siteLocales.length > 0 ? siteLocales : themeLocales).filter((locale) => locale && typeof locale.lang === 'string')
  const defaultLang = typeof fields.lang === 'string' ? fields.lang : typeof localeList[0]?.lang === 'string' ? (localeList[0].lang as string) : 'en'
  // A language's own title and description (`locales[].title`) go with it: i18n shows them on its pages.
  const ownText = (locale: Record<string, unknown>) =>
    Object.fromEntries((['title', 'description'] as const).filter((key) => typeof locale[key] === 'string' && locale[key] !== source[key]).map((key) => [key, locale[key] as string]))
  const locales = localeList.length > 0 ? localeList.map((locale) => ({ lang: String(locale.lang), label: typeof locale.label === 'string' ? locale.label : String(locale.lang), ...ownText(locale) })) : [{ lang: defaultLang, label: defaultLang === 'en' ? 'English' : defaultLang }]
  if (siteLocales.length > 0) translated.push('locales')
  siteLocales.forEach((locale, index) => {
    for (const key of ['title', 'description'] as const) {
      if (locale[key] !== undefined && typeof locale[key] !== 'string') skip(`locales[${index}].${key}`, 'not a string: write the text itself')
    }
  })
  const texts: Record<string, Record<string, unknown>> = {}
  const localeNavs: { lang: string; nav: unknown }[] = []
  themeLocales.forEach((locale, index) => {
    const lang = String(locale.lang)
    for (const [key, value] of Object.entries(locale)) {
      if (key === 'lang' || key === 'label' || key === 'title' || key === 'description') continue
      const at = `themeConfig.locales[${index}].${key}`
      if (isCode(at, value)) continue
      if (Object.hasOwn(localeTexts, key) && typeof value === 'string') {
        texts[lang] = { ...texts[lang], [localeTexts[key]]: value }
        translated.push(at)
      } else if (key === 'editLink' && themeSource.editLink !== undefined && JSON.stringify(value) === JSON.stringify(themeSource.editLink)) {
        translated.push(at)
      } else if (key === 'nav' && Array.isArray(value) && !findNonLiteral(value)) {
        localeNavs.push({ lang, nav: value })
        translated.push(at)
      } else if (key === 'nav' || key === 'sidebar') {
        skip(at, key === 'nav' ? "a navbar per version (an object) is not supported: Sheaf's navbar links are kept within the reader's version; write `nav: [...]`" : "Sheaf's config sidebars serve every language (links kept within the reader's language); the `_meta.json` files of each language still give it its own sidebar")
      } else if (key === 'editLink') {
        skip(at, 'Sheaf has one edit link for every language (`themeConfig.editLink`)')
      } else if (key === 'lastUpdated') {
        skip(at, 'Sheaf shows the last-updated date for every language or none (`themeConfig.lastUpdated`)')
      } else {
        skip(at, 'not a per-language option Sheaf has')
      }
    }
  })
  if (themeLocales.length > 0 || siteLocales.length > 0) translated.push('themeConfig.locales')

  // themeConfig
  if (source.themeConfig !== undefined && !(source.themeConfig instanceof NonLiteral)) {
    for (const [key, value] of Object.entries(themeSource)) {
      const at = `themeConfig.${key}`
      if (key === 'locales') continue
      if (isCode(at, value) || codeInside(at, value)) continue
      if ((themeKeysAsIs as readonly string[]).includes(key)) {
        themeConfig[key] = value
        translated.push(at)
      } else if (key === 'nav') {
        if (Array.isArray(value)) {
          themeConfig.nav = value
          translated.push(at)
        } else skip(at, 'a navbar per version (an object) is not supported: Sheaf has one navbar whose links are kept within the reader\'s version; write `nav: [...]`')
      } else if (key === 'sidebar') {
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          themeConfig.sidebar = Object.fromEntries(Object.entries(value).map(([prefix, items]) => [prefix, Array.isArray(items) ? items.map(toSidebarItem) : []]))
          translated.push(at)
        } else skip(at, 'must be an object of route prefix -> items')
      } else if (key === 'editLink') {
        const { docRepoBaseUrl, text } = value as { docRepoBaseUrl?: unknown; text?: unknown }
        if (typeof docRepoBaseUrl === 'string') {
          // Rspress appends the path inside the content folder, Sheaf the path from the site root
          // (`docs/guide/x.md`): a base URL that ends with the content folder loses that folder.
          const trimmed = docRepoBaseUrl.replace(/\/+$/, '')
          const contentFolder = `/${contentRoot.split('/').pop()}`
          const base = trimmed.endsWith(contentFolder) ? trimmed.slice(0, -contentFolder.length) : trimmed
          if (base === trimmed) notes.push(`\`themeConfig.editLink.docRepoBaseUrl\` is followed by the path from the site root (\`${contentRoot}/...\`) in Sheaf, not the path inside ${contentRoot}/: check that the edit links point at the files.`)
          themeConfig.editLink = { docRepoBaseUrl: `${base}/`, ...(typeof text === 'string' ? { text } : {}) }
          translated.push(at)
        } else skip(at, 'needs `docRepoBaseUrl`')
      } else if (key === 'hideNavbar') {
        // Rspress's 'auto' hides the navbar while scrolling down: Sheaf calls that 'scroll'.
        themeConfig.hideNavbar = value === 'auto' ? 'scroll' : value
        translated.push(at)
      } else if (key === 'search') {
        if (value === false) translated.push(at)
      } else if (key === 'sourceCodeText' && typeof value === 'string') {
        texts[defaultLang] = { ...texts[defaultLang], sourceText: value }
        translated.push(at)
      } else if (Object.hasOwn(unsupportedThemeKeys, key)) {
        skip(at, unsupportedThemeKeys[key])
      } else {
        skip(at, 'not a theme option Sheaf knows')
      }
    }
  }
  // Rspress 1.x reads the navbars from the root `_meta.json` of each language when the config has none.
  if (themeConfig.nav === undefined && localeNavs.length === 0) {
    if (input.rootNav) themeConfig.nav = input.rootNav
    for (const [lang, nav] of Object.entries(input.langNavs ?? {})) localeNavs.push({ lang, nav })
  }
  if (localeNavs.length > 0) themeConfig.locales = localeNavs
  for (const folder of input.otherNavs ?? []) {
    skip(`${folder}/_meta.json`, "this navbar differs from the default version's in the same language: Sheaf has one navbar per language (its links are kept within the reader's version)")
  }

  // markdown
  const markdownSource = source.markdown
  if (markdownSource !== undefined && !isCode('markdown', markdownSource)) {
    for (const [key, value] of Object.entries(markdownSource as Record<string, LiteralValue>)) {
      const at = `markdown.${key}`
      if (key === 'checkDeadLinks' && typeof value === 'boolean') {
        // Rspress checks page links only when asked; Sheaf always can. Kept on unless turned off.
        if (value === false) markdown.checkDeadLinks = false
        translated.push(at)
      } else if (key === 'remarkPlugins' || key === 'rehypePlugins') {
        skip(at, `plugins are code: import them in site/config.ts and list them in \`markdown.${key}\` (they run on Sheaf's trees the same way; see docs/markdown-plugins-and-components.md)`)
      } else if (key === 'showLineNumbers' || key === 'defaultWrapCode') {
        skip(at, 'the default theme has no option for it')
      } else if (key === 'codeHighlighter' || key === 'highlightLanguages') {
        skip(at, 'Sheaf highlights with Shiki and loads every language it knows; `markdown.codeThemes` picks the themes')
      } else if (key === 'mdxRs' || key === 'experimentalMdxRs') {
        translated.push(at)
      } else if (key === 'globalComponents') {
        skip(at, 'MDX pages may use the components the theme declares (Tabs, Tab, PackageManagerTabs, Badge); others need a theme change')
      } else {
        skip(at, 'not a markdown option Sheaf knows')
      }
    }
  }

  const checksLinks = (markdownSource as Record<string, LiteralValue> | undefined)?.checkDeadLinks
  if (checksLinks === undefined) {
    notes.push("Rspress checks page links only with `markdown.checkDeadLinks: true` (off by default); Sheaf always does. A dead page link fails the build with its file and line: fix it, or set `markdown: { checkDeadLinks: false }` in site/config.ts to build without the check.")
  }

  // search: local by default; `false` turns it off.
  const searchSource = source.search
  const withSearch = searchSource !== false && themeSource.search !== false
  if (searchSource !== undefined && searchSource !== false && !isCode('search', searchSource)) {
    for (const key of Object.keys(searchSource as Record<string, LiteralValue>)) {
      const value = (searchSource as Record<string, LiteralValue>)[key]
      if (key === 'mode' && value === 'local') translated.push('search.mode')
      else if (key === 'versioned') translated.push('search.versioned')
      else skip(`search.${key}`, key === 'mode' ? 'remote search is configured with `search({ remote })`; see docs/plugins.md' : key === 'codeBlocks' ? "Sheaf's index holds each section's text; code blocks are not indexed separately" : 'not a search option Sheaf knows')
    }
  } else if (searchSource === false) translated.push('search')

  // route
  const routeSource = source.route
  if (routeSource !== undefined && !isCode('route', routeSource)) {
    for (const [key, value] of Object.entries(routeSource as Record<string, LiteralValue>)) {
      const at = `route.${key}`
      if (key === 'cleanUrls') translated.push(at)
      else if (key === 'exclude' && Array.isArray(value) && value.every((glob) => typeof glob === 'string')) {
        // Rspress's globs are from the content folder; Sheaf's `markdown.fragments` from the site root.
        markdown.fragments = (value as string[]).map((glob) => path.posix.join(contentRoot, versionFolder ?? '', glob.replace(/^\.\//, '')))
        translated.push(at)
      } else if (key === 'exclude') skip(at, `cannot read ${JSON.stringify(value)} as a list of globs: list the fragments in \`markdown.fragments\` by hand`)
      else skip(at, 'Sheaf builds every .md and .mdx file of the content folder')
    }
  }

  // globalStyles: copied into the new site and added after the theme's own stylesheet.
  const globalStyles = source.globalStyles
  if (globalStyles !== undefined) {
    const from = globalStyles instanceof NonLiteral ? pathFromDirname(globalStyles.source) : typeof globalStyles === 'string' ? globalStyles.replace(/^\.\//, '') : null
    if (from) {
      styles.push({ from, to: `site/styles/${from.split('/').pop()}` })
      translated.push('globalStyles')
      skip('globalStyles (partly)', "copied and loaded after the theme's styles, but Rspress's CSS variables (`--rp-c-brand`, ...) and class names do not exist in Sheaf's theme: rules that use them have no effect")
    } else skip('globalStyles', `cannot tell the file from \`${shorten(globalStyles instanceof NonLiteral ? globalStyles.source : String(globalStyles))}\``)
  }

  for (const key of Object.keys(source)) {
    if (['root', 'title', 'description', 'base', 'icon', 'lang', 'logo', 'multiVersion', 'locales', 'themeConfig', 'markdown', 'search', 'route', 'globalStyles'].includes(key)) continue
    skip(key, unsupported[key] ?? 'not an Rspress 1.x option Sheaf knows')
  }

  fields.publicDir = `${contentRoot}/public`
  if (Object.keys(themeConfig).length > 0) fields.themeConfig = themeConfig
  if (Object.keys(markdown).length > 0) fields.markdown = markdown
  // Rspress checks page links but not #anchors, and real sites have some dead ones: a warning here.
  fields.links = { deadAnchors: 'warn' }

  const plugins: PluginCall[] = [
    { name: 'files', module: 'files', options: { dir: contentRoot } },
    { name: 'versions', module: 'versions', options: versionsOptions },
    { name: 'i18n', module: 'i18n', options: { locales, defaultLang, ...(Object.keys(texts).length > 0 ? { texts } : {}) } },
    // Rspress lists a folder without a `_meta.json` by itself: `auto` does the same.
    { name: 'sidebar', module: 'sidebar', options: { auto: true } },
  ]
  if (withSearch) plugins.push({ name: 'search', module: 'search' })
  return { fields, plugins, styles, contentRoot, versionFolder, translated, untranslated, notes }
}

/** An Rspress sidebar item as the default theme's (`text` is required there: dividers and headers get an empty one). */
function toSidebarItem(item: LiteralValue): unknown {
  if (typeof item === 'string') {
    const link = item.startsWith('/') ? item : `/${item}`
    return { text: item.split('/').pop() ?? item, link: link.replace(/\.mdx?$/, '') }
  }
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item
  const record = item as Record<string, LiteralValue>
  if ('dividerType' in record) return { text: '', dividerType: record.dividerType }
  if ('sectionHeaderText' in record) return { text: record.sectionHeaderText, ...record }
  const { items, _fileKey, ...rest } = record
  void _fileKey
  return Array.isArray(items) ? { ...rest, items: items.map(toSidebarItem) } : rest
}

/** `path.join(__dirname, 'docs')` / `path.resolve(__dirname, './styles/index.css')` -> the relative path. */
function pathFromDirname(source: string): string | null {
  const match = /^(?:path\.)?(?:join|resolve)\(\s*__dirname\s*((?:,\s*(["'])[^"']*\2\s*)+)\)$/.exec(source.trim())
  if (!match) return null
  const parts = [...match[1].matchAll(/(["'])([^"']*)\1/g)].map((part) => part[2])
  return parts.join('/').replace(/^\.\//, '').replace(/\/+/g, '/').replace(/\/$/, '') || null
}

function findNonLiteral(value: LiteralValue): NonLiteral | undefined {
  if (value instanceof NonLiteral) return value
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = findNonLiteral(entry)
      if (found) return found
    }
  } else if (value && typeof value === 'object') {
    for (const entry of Object.values(value)) {
      const found = findNonLiteral(entry)
      if (found) return found
    }
  }
  return undefined
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ')
  return line.length > 60 ? `${line.slice(0, 57)}...` : line
}
