import { usePageData, useSiteData } from 'sheaf/runtime'
import { defaultTexts, formatText, themeConfigTextKeys, type UiTexts } from '../../../plugins/i18n/texts.ts'
import type { LayoutData } from '../components/layoutData.ts'

export { formatText, type UiTexts }

/**
 * The UI texts for the page's language from the i18n plugin, over the theme
 * config's overrides and the English defaults (the plugin's one definition,
 * plugins/i18n/texts.ts), so a component works even without the plugin and
 * outside a page (a component rendered alone).
 */
export function useTexts(): UiTexts {
  const page = optional(usePageData)
  const site = optional(useSiteData)
  const i18n = (page?.layoutData as Partial<LayoutData> | undefined)?.i18n
  const themeConfig = (site?.themeConfig ?? {}) as Record<string, unknown>
  const fromConfig = Object.fromEntries(
    themeConfigTextKeys.filter((key) => typeof themeConfig[key] === 'string').map((key) => [key, themeConfig[key]]),
  )
  return { ...defaultTexts, ...fromConfig, ...(i18n ?? {}) } as UiTexts
}

/** A runtime hook's value, or null outside the app (both hooks always call useContext once). */
function optional<T>(hook: () => T): T | null {
  try {
    return hook()
  } catch {
    // Rendered outside the app (a component test): the defaults apply.
    return null
  }
}
