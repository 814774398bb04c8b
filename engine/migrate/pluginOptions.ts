import type { TranslatedConfig } from './translateConfig.ts'

export interface VersionsOptions {
  default: string
  versions: string[]
}

export interface I18nOptions {
  locales: { lang: string }[]
  defaultLang: string
}

/** The options the translated config gives the versions and i18n plugins (a migrated site has both). */
export function versionAndLocaleOptions(config: TranslatedConfig): { versions: VersionsOptions; i18n: I18nOptions } {
  const options = (name: string): unknown => config.plugins.find((plugin) => plugin.name === name)?.options
  return { versions: options('versions') as VersionsOptions, i18n: options('i18n') as I18nOptions }
}
