/**
 * What a component's imports from Rspress's runtime (`rspress/runtime`, `@rspress/runtime`)
 * become in Sheaf: the export of `sheaf/runtime/rspress` (engine/shared/rspressRuntime.tsx) that
 * does the same, or why none does. The migration points the imports at that module and lists
 * each component's unmapped names in MIGRATION.md with the file.
 */
export const runtimeEquivalents: Readonly<Record<string, { sheaf: string } | { missing: string }>> = {
  usePageData: {
    sheaf: 'usePageData (the page from the template query: title, frontmatter, lang, toc; routePath; siteData)',
  },
  useLang: { sheaf: 'useLang' },
  useVersion: { sheaf: 'useVersion' },
  useDark: { sheaf: "useDark (the theme's `dark` class on <html>; false on the server)" },
  NoSSR: { sheaf: 'NoSSR (its children after hydration)' },
  withBase: { sheaf: 'withBase' },
  normalizeHrefInRuntime: { sheaf: 'normalizeHrefInRuntime' },
  useLocation: { sheaf: 'useLocation (the route: pathname)' },
  useNavigate: { sheaf: 'useNavigate' },
  isEqualPath: { sheaf: 'isEqualPath' },
  Helmet: { sheaf: 'Helmet' },
  Content: { missing: "a page's content is rendered by the theme's templates, not by a component" },
  useI18n: {
    missing: "Sheaf's UI texts are the theme's (`i18n({ texts })`): read them from the layout query's `i18n`",
  },
  useSearchParams: { missing: 'pages are static: read `window.location.search` in an effect' },
}

/** The module migrate points those imports at: the compatibility module of Sheaf's runtime. */
export const rspressCompatModule = 'sheaf/runtime/rspress'

export const runtimeModuleRE = /^(rspress\/runtime|@rspress\/runtime|@rspress\/core\/runtime)$/
const importRE = /^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/gm

/** A component's imports from Rspress's runtime: those Sheaf maps, and those it does not (with why). */
export function runtimeUsage(source: string): { mapped: string[]; unmapped: { name: string; why: string }[] } {
  const mapped: string[] = []
  const unmapped: { name: string; why: string }[] = []
  for (const match of source.matchAll(importRE)) {
    if (!runtimeModuleRE.test(match[2])) continue
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
      if (!name) continue
      const known = runtimeEquivalents[name]
      if (known && 'sheaf' in known) mapped.push(name)
      else
        unmapped.push({
          name,
          why: known && 'missing' in known ? known.missing : 'not a part of the runtime Sheaf knows',
        })
    }
  }
  return { mapped, unmapped }
}
