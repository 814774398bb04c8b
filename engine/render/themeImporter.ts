import path from 'node:path'
import { runtimeFile, type ModuleImporter } from './loadTheme.ts'
import { themeBundleImporter } from './themeBundle.ts'

/**
 * Where a build's theme comes from, as plain data: what the main thread and a render worker
 * need to import the same theme bundle (see themeBundle.ts).
 */
export interface ThemeImportPlan {
  /** The theme's templates and layout, absolute. */
  entries: string[]
  /** The folder of the theme's bundles (see themeCacheDir), or a scratch folder of the process. */
  cacheDir: string
  /** The engine's folders, left out of the bundle. */
  engineDirs: string[]
  /** The site's folder, that errors name files from. */
  root: string
}

/**
 * The plan's entries: a theme's templates and its layout, and the site's own MDX components (the config's
 * `components`).
 */
export function themeEntries(theme: {
  layout?: string
  templates: Record<string, string>
  siteComponents?: Record<string, { file: string }>
}): string[] {
  const components = Object.values(theme.siteComponents ?? {}).map((component) => component.file)
  return [
    ...new Set(
      [...Object.values(theme.templates), ...(theme.layout ? [theme.layout] : []), ...components].map((file) =>
        path.resolve(file),
      ),
    ),
  ]
}

/** Imports the theme from its bundle. */
export function themeImporter(plan: ThemeImportPlan): Promise<ModuleImporter> {
  return themeBundleImporter({ ...plan, runtime: runtimeFile })
}
