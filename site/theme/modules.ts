import { fileURLToPath } from 'node:url'
import type { ThemeModules } from 'sheaf'
import { themeReservedIds } from './reservedIds.ts'
import { themeComponents } from './markdown/componentProps.ts'

/**
 * This theme's files: their sources, or their compiled copies when this module runs from dist/
 * (scripts/compile.mjs rewrites the `.tsx` URLs to `.js` and copies the stylesheets).
 */
const files = {
  layout: new URL('./Layout.tsx', import.meta.url),
  home: new URL('./templates/Home.tsx', import.meta.url),
  doc: new URL('./templates/Doc.tsx', import.meta.url),
  overview: new URL('./templates/Overview.tsx', import.meta.url),
  404: new URL('./templates/NotFound.tsx', import.meta.url),
  custom: new URL('./templates/Custom.tsx', import.meta.url),
  blank: new URL('./templates/Blank.tsx', import.meta.url),
  styles: new URL('./styles/index.css', import.meta.url),
}
type TemplateName = 'home' | 'doc' | 'overview' | '404' | 'custom' | 'blank'

/**
 * This theme's modules for a config's `theme` field, as absolute paths, so any
 * site (the RNTL docs, test fixtures, the bench corpus) can use it from anywhere.
 * `templates` picks a subset (default: all of them).
 */
export function themeModules(
  templates: TemplateName[] = ['home', 'doc', 'overview', '404', 'custom', 'blank'],
): ThemeModules {
  return {
    layout: fileURLToPath(files.layout),
    templates: Object.fromEntries(templates.map((name) => [name, fileURLToPath(files[name])])),
    styles: [fileURLToPath(files.styles)],
    reservedIds: themeReservedIds,
    components: themeComponents,
  }
}

/** `theme: 'sheaf/theme'` in a config: every template of this theme. */
export default themeModules
