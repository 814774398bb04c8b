import { NonLiteral, type LiteralValue } from './readConfigLiteral.ts'
import type { Translation } from './translation.ts'

const themeKeysAsIs = [
  'socialLinks',
  'footer',
  'lastUpdated',
  'enableContentAnimation',
  'darkMode',
  'outlineTitle',
  'prevPageText',
  'nextPageText',
  'lastUpdatedText',
  'searchPlaceholderText',
] as const

const unsupportedThemeKeys: Record<string, string> = {
  outline: 'the default theme always shows the outline of a page with headings',
  docFooter: 'the previous/next links are always shown; their texts are `prevPageText` / `nextPageText`',
  enableScrollToTop: 'the default theme has its own back-to-top link',
  localeRedirect: "Sheaf's i18n plugin always redirects a first visit to the browser's language",
}

/**
 * `themeConfig`: the keys the default theme has are kept (the sidebar's items reshaped, the edit
 * link's base moved to the site root); `sourceCodeText` is the default language's `sourceText`.
 */
export function translateThemeConfig(
  t: Translation,
  source: Record<string, LiteralValue>,
  themeSource: Record<string, LiteralValue>,
  contentRoot: string,
  defaultTexts: Record<string, unknown>,
): Record<string, unknown> {
  const { isCode, codeInside, skip, translated, notes } = t
  const themeConfig: Record<string, unknown> = {}
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
        } else
          skip(
            at,
            'a navbar per version (an object) is not supported: ' +
              "Sheaf has one navbar whose links are kept within the reader's version; write `nav: [...]`",
          )
      } else if (key === 'sidebar') {
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          themeConfig.sidebar = Object.fromEntries(
            Object.entries(value).map(([prefix, items]) => [
              prefix,
              Array.isArray(items) ? items.map(toSidebarItem) : [],
            ]),
          )
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
          if (base === trimmed)
            notes.push(
              `\`themeConfig.editLink.docRepoBaseUrl\` is followed by the path from the site root ` +
                `(\`${contentRoot}/...\`) in Sheaf, not the path inside ${contentRoot}/: ` +
                `check that the edit links point at the files.`,
            )
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
        defaultTexts.sourceText = value
        translated.push(at)
      } else if (Object.hasOwn(unsupportedThemeKeys, key)) {
        skip(at, unsupportedThemeKeys[key])
      } else {
        skip(at, 'not a theme option Sheaf knows')
      }
    }
  }
  return themeConfig
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
