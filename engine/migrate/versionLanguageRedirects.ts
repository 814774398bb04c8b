import fs from 'node:fs'
import path from 'node:path'
import type { TranslatedConfig } from './translateConfig.ts'
import { versionAndLocaleOptions } from './pluginOptions.ts'

/**
 * Old address -> new one for every page of an older version in another language: Rspress puts the
 * version first (`/v1/zh/guide/start`), Sheaf the language (`/zh/v1/guide/start`).
 */
export function versionLanguageRedirects(docsDir: string, config: TranslatedConfig): Record<string, string> {
  const { versions: versionsPlugin, i18n: i18nPlugin } = versionAndLocaleOptions(config)
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
