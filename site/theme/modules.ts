import path from 'node:path'
import type { ThemeModules } from 'sheaf'
import { themeReservedIds } from './reservedIds.ts'
import { themeComponents } from './markdown/componentProps.ts'

const themeDir = import.meta.dirname

/**
 * This theme's modules for a config's `theme` field, as absolute paths, so any
 * site (the RNTL docs, test fixtures, the bench corpus) can use it from anywhere.
 * `templates` picks a subset (default: all of them).
 */
export function themeModules(templates: string[] = ['home', 'doc', 'overview', '404', 'custom', 'blank']): ThemeModules {
  const files: Record<string, string> = {
    home: 'templates/Home.tsx',
    doc: 'templates/Doc.tsx',
    overview: 'templates/Overview.tsx',
    404: 'templates/NotFound.tsx',
    custom: 'templates/Custom.tsx',
    blank: 'templates/Blank.tsx',
  }
  return {
    layout: path.join(themeDir, 'Layout.tsx'),
    templates: Object.fromEntries(templates.map((name) => [name, path.join(themeDir, files[name])])),
    styles: [path.join(themeDir, 'styles/index.css')],
    reservedIds: themeReservedIds,
    components: themeComponents,
  }
}

/** `theme: 'sheaf/theme'` in a config: every template of this theme. */
export default themeModules
