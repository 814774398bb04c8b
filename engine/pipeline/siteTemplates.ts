import type { ResolvedConfig } from '../config/types.ts'

/**
 * The config the render and the client bundle take once the pages are created: the theme's
 * templates and the site's own (createPage's `component`, see pages/siteTemplates.ts), which the
 * theme never lists. The same config when there is none, so a site without any renders as before.
 */
export function withSiteTemplates(config: ResolvedConfig, siteTemplates: Record<string, string>): ResolvedConfig {
  if (Object.keys(siteTemplates).length === 0) return config
  return { ...config, theme: { ...config.theme, templates: { ...config.theme.templates, ...siteTemplates } } }
}
