import { defaultTexts, themeConfigTextKeys, type UiTexts } from './texts.ts'

/** A language's UI texts: the English defaults, then the theme config's (Rspress's keys), then the plugin's own. */
export function uiTextsFor(
  lang: string,
  themeConfig: Record<string, unknown>,
  texts: Record<string, Partial<UiTexts>> | undefined,
): UiTexts {
  const fromConfig = Object.fromEntries(
    themeConfigTextKeys.filter((key) => typeof themeConfig[key] === 'string').map((key) => [key, themeConfig[key]]),
  )
  return { ...defaultTexts, ...fromConfig, ...(texts?.[lang] ?? {}) }
}
