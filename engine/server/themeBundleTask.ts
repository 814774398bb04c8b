// A worker of the dev server's start (see devTheme.ts): bundles the theme into its cache folder,
// so that the main thread's import finds the bundle made and only imports it.
import { themeImporter, type ThemeImportPlan } from '../render/themeImporter.ts'

/**
 * Makes (or finds fresh) the theme's bundle. A theme that does not bundle is left to the main
 * thread's import, which bundles it again and reports the located error.
 */
export default async function bundleTheme(plan: ThemeImportPlan): Promise<void> {
  await themeImporter(plan)
}
