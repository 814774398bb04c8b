import { describe, expect, it } from 'vitest'
import { betterNotFoundRoute } from '../../../../engine/client/useLocaleNotFound.ts'

const known = ['/zh/404', '/404']

describe('betterNotFoundRoute', () => {
  it("names a language's 404 when the host served the root 404 for a path under its prefix", () => {
    expect(betterNotFoundRoute('/404', '/zh/no-such-page', known)).toBe('/zh/404')
    expect(betterNotFoundRoute('/404', '/zh/guide/gone', known)).toBe('/zh/404')
  })

  it('keeps the served page when it is already the best 404, or the path names no language with one', () => {
    expect(betterNotFoundRoute('/zh/404', '/zh/no-such-page', known)).toBeNull()
    expect(betterNotFoundRoute('/404', '/no-such-page', known)).toBeNull()
    expect(betterNotFoundRoute('/404', '/fr/no-such-page', known)).toBeNull()
  })

  it('never replaces a page that is no 404 page', () => {
    expect(betterNotFoundRoute('/zh/guide/start', '/zh/guide/start', known)).toBeNull()
    expect(betterNotFoundRoute('/404', '/zh/x', undefined)).toBeNull()
  })
})

describe("a language's older version", () => {
  const nested = ['/zh/12.x/404', '/zh/404', '/12.x/404', '/404']

  it('names the 404 of the language and version the path names, nearest first', () => {
    expect(betterNotFoundRoute('/404', '/zh/12.x/guide/gone', nested)).toBe('/zh/12.x/404')
    expect(betterNotFoundRoute('/404', '/zh/13.x/gone', nested)).toBe('/zh/404')
    expect(betterNotFoundRoute('/404', '/12.x/gone', nested)).toBe('/12.x/404')
    expect(betterNotFoundRoute('/zh/404', '/zh/12.x/gone', nested)).toBe('/zh/12.x/404')
  })
})
