import fs from 'node:fs'
import path from 'node:path'
import type { TranslatedConfig } from './translateConfig.ts'
import { versionAndLocaleOptions } from './pluginOptions.ts'

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
export function readRootNavs(
  docsDir: string,
  config: TranslatedConfig,
): { defaultNav?: unknown[]; langNavs: Record<string, unknown[]>; others: string[] } {
  const { versions: versionsPlugin, i18n: i18nPlugin } = versionAndLocaleOptions(config)
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
