import { createContext, type ComponentType } from 'react'

/**
 * A site's own MDX components (the config's `components`) live beside the theme's, never over
 * them: a page's `<Card>` is the theme's Card unless the page imports a `Card` of the site, and
 * the body then names it `site:Card` (a tag no theme component can have: theirs are bare names).
 */
export const siteComponentPrefix = 'site:'

/** The tag of a site component in page bodies: `Card` -> `site:Card`. */
export function siteComponentTag(name: string): string {
  return `${siteComponentPrefix}${name}`
}

/** Tag (`site:Card`) -> the site's component; the engine's App provides it (none when the site registers none). */
export type SiteComponents = Readonly<Record<string, ComponentType<never>>>

export const SiteComponentsContext = createContext<SiteComponents | null>(null)

const merged = new WeakMap<object, WeakMap<object, Record<string, unknown>>>()

/**
 * The theme's components map with the site's added under their tags, made once per pair of maps
 * (a component keeps its identity between renders, so nothing remounts).
 */
export function withSiteComponents<T extends Record<string, unknown>>(
  components: T | undefined,
  site: SiteComponents | null,
): T | undefined {
  if (!site) return components
  const theme = components ?? noComponents
  let byTheme = merged.get(site)
  if (!byTheme) merged.set(site, (byTheme = new WeakMap()))
  let result = byTheme.get(theme)
  if (!result) byTheme.set(theme, (result = { ...theme, ...site }))
  return result as T
}

const noComponents = {}
