/**
 * What a component's imports from Rspress's runtime (`rspress/runtime`, `@rspress/runtime`)
 * become in Sheaf: the name in `sheaf/runtime` that does the same, or why none does. The
 * migration lists each component's unmapped names in MIGRATION.md with the file.
 */
export const runtimeEquivalents: Readonly<Record<string, { sheaf: string } | { missing: string }>> = {
  usePageData: { sheaf: 'usePageData (the page: title, frontmatter, lang, toc; the site: useSiteData)' },
  useLang: { sheaf: 'usePageData().page.lang' },
  withBase: { sheaf: 'withBase(path, useSiteData().base)' },
  normalizeHrefInRuntime: { sheaf: 'resolvePath' },
  useLocation: { sheaf: 'useRouter().path' },
  useNavigate: { sheaf: 'useRouter().navigate' },
  isEqualPath: { sheaf: 'routeKey(a) === routeKey(b)' },
  useDark: { missing: "the default theme keeps its dark mode in its own state (html[data-theme]); read it from the document" },
  NoSSR: { missing: 'Sheaf renders every component on the server; render the browser-only part in a useEffect' },
  useVersion: { missing: 'read the version from usePageData().page.version' },
  Content: { missing: "a page's content is rendered by the theme's templates, not by a component" },
}

const runtimeModuleRE = /^(rspress\/runtime|@rspress\/runtime|@rspress\/core\/runtime)$/
const importRE = /^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/gm

/** A component's imports from Rspress's runtime: those Sheaf maps, and those it does not (with why). */
export function runtimeUsage(source: string): { mapped: string[]; unmapped: { name: string; why: string }[] } {
  const mapped: string[] = []
  const unmapped: { name: string; why: string }[] = []
  for (const match of source.matchAll(importRE)) {
    if (!runtimeModuleRE.test(match[2])) continue
    for (const part of match[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]
      if (!name) continue
      const known = runtimeEquivalents[name]
      if (known && 'sheaf' in known) mapped.push(name)
      else unmapped.push({ name, why: known && 'missing' in known ? known.missing : 'not a part of the runtime Sheaf knows' })
    }
  }
  return { mapped, unmapped }
}
