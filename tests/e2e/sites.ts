/** The sites the end-to-end tests build and serve (127.0.0.1 only). */
export const sites = {
  rntl: { dir: '.', port: 4300, base: '/react-native-testing-library/' },
  basic: { dir: 'tests/fixtures/basic', port: 4301, base: '/fixture/' },
  readingTime: { dir: 'tests/fixtures/reading-time', port: 4302, base: '/reading/' },
} as const

export type SiteName = keyof typeof sites

export function siteUrl(name: SiteName, route = '/'): string {
  const site = sites[name]
  return `http://127.0.0.1:${site.port}${site.base}${route.replace(/^\//, '')}`
}
