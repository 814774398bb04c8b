import type { ResolvedConfig } from '../config/types.ts'
import { engineModuleDirs } from '../loading/siteModules.ts'
import { loadTheme, type LoadedTheme } from '../render/loadTheme.ts'
import { scratchThemeDir } from '../render/themeBundle.ts'
import { themeEntries, themeImporter, type ThemeImportPlan } from '../render/themeImporter.ts'

export interface ThemeImport {
  theme: Promise<LoadedTheme>
  /** How a render worker imports the same theme. */
  plan: ThemeImportPlan
  /** Waits until the import has settled, failed or not (a failed build calls it before it throws). */
  settled(): Promise<void>
}

/**
 * Starts importing the theme's modules, which the build awaits only when it renders: 0.1-0.2 s of
 * imports on a main thread that waits for workers in a big build. A failed build lets the import
 * settle before it throws, because a build started next (a test, the dev server) would otherwise
 * bundle the same theme at the same time, and the first to finish removes the other's folder.
 */
export function importTheme(config: ResolvedConfig, themeDir: string | null): ThemeImport {
  const plan = themePlan(config, themeDir)
  const theme = themeImporter(plan).then((importer) => loadTheme(config.root, config.theme, importer))
  theme.catch(() => undefined)
  return { theme, plan, settled: async () => void (await theme.catch(() => undefined)) }
}

/**
 * A build imports its theme from a bundle kept in `themeDir` (see themeBundle.ts and
 * themeCacheDir), or, in a build without a cache, in a scratch folder of this process: importing
 * the sources would give a second build in the same process the modules the first one imported,
 * not the files as they are now.
 */
function themePlan(config: ResolvedConfig, themeDir: string | null): ThemeImportPlan {
  return {
    entries: themeEntries(config.theme),
    cacheDir: themeDir ?? scratchThemeDir(),
    engineDirs: engineModuleDirs(),
    root: config.root,
  }
}
