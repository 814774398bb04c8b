/**
 * The sites the end-to-end tests build and serve (127.0.0.1 only).
 * SHEAF_E2E_PORT_OFFSET lets two runs share a machine: other ports, other output folders.
 */
export const portOffset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)

export const sites = {
  rntl: { dir: '.', port: 4300 + portOffset, base: '/react-native-testing-library/' },
  basic: { dir: 'tests/fixtures/basic', port: 4301 + portOffset, base: '/fixture/' },
  readingTime: { dir: 'tests/fixtures/reading-time', port: 4302 + portOffset, base: '/reading/' },
  i18n: { dir: 'tests/fixtures/i18n', port: 4306 + portOffset, base: '/i18n/' },
  searchXss: { dir: 'tests/fixtures/search-xss', port: 4303 + portOffset, base: '/search-xss/' },
  searchRemote: { dir: 'tests/fixtures/search-remote', port: 4304 + portOffset, base: '/search-remote/' },
  // The i18n fixture's content under `base: '/'`, for the first-visit redirect at the root
  // (security/openRedirect.spec.ts).
  i18nRoot: { dir: 'tests/fixtures/i18n-root', port: 4307 + portOffset, base: '/' },
  // A site's own template (createPage's `component`) and a static query (siteTemplate.spec.ts).
  siteTemplate: { dir: 'tests/fixtures/site-template', port: 4308 + portOffset, base: '/team-site/' },
  // The worked example of docs/data-layer.md: sourced Author nodes, @link both ways, child nodes, a page per author.
  dataLayer: { dir: 'tests/fixtures/data-layer', port: 4321 + portOffset, base: '/data-layer/' },
  // Head tags from the config, the layout, a template and an MDX component (theme/head.spec.ts).
  head: { dir: 'tests/fixtures/head', port: 4319 + portOffset, base: '/head/' },
  // The default theme with the `files` plugin only (issue 41: the theme depends on no optional plugin).
  bareTheme: { dir: 'tests/fixtures/bare-theme', port: 4320 + portOffset, base: '/bare/' },
} as const

/**
 * The port of the search API that tests/e2e/search/remote.spec.ts starts (the search-remote fixture's config asks it).
 */
export const remoteSearchApiPort = 4305 + portOffset

/** Where each site's e2e build goes (never the site's own build/). */
export const outDirName = `.e2e-build-${portOffset}`

export type SiteName = keyof typeof sites

/**
 * The sites a run builds and serves: all of them, or those SHEAF_E2E_SITES names
 * (`SHEAF_E2E_SITES=siteTemplate npx playwright test tests/e2e/siteTemplate.spec.ts`), so one
 * spec's run does not build every site on a shared machine.
 */
export function selectedSites(): SiteName[] {
  const all = Object.keys(sites) as SiteName[]
  const named = process.env.SHEAF_E2E_SITES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return named ? all.filter((name) => named.includes(name)) : all
}

export function siteUrl(name: SiteName, route = '/'): string {
  const site = sites[name]
  return `http://127.0.0.1:${site.port}${site.base}${route.replace(/^\//, '')}`
}
