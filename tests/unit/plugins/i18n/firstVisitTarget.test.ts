import { describe, expect, it } from 'vitest'
import {
  firstVisitScript,
  firstVisitTargetSource,
  redirectPage,
  sameOriginPath,
} from '../../../../plugins/i18n/redirectScripts.ts'

type Location = Pick<URL, 'pathname' | 'search' | 'hash' | 'origin'>
type Target = (
  data: { locales: { lang: string; prefix: string }[]; base: string },
  location: Location,
  pageLang: string,
  browserLang: string,
) => string | null

// The source is what the page inlines; compiling it here tests exactly what the browser runs.
const target = new Function(`return (${firstVisitTargetSource})`)() as Target
const locales = [
  { lang: 'en', prefix: '' },
  { lang: 'zh', prefix: 'zh' },
]
const origin = 'http://127.0.0.1:4000'
/** What the browser's `location` holds for a typed URL (it parses it the same way). */
const at = (path: string) => new URL(path, origin)

describe('the first-visit redirect target', () => {
  it('goes to the same page in the browser language, keeping query and hash', () => {
    expect(target({ locales, base: '/' }, at('/guide/start?x=1#a'), 'en', 'zh-CN')).toBe(
      `${origin}/zh/guide/start?x=1#a`,
    )
    expect(target({ locales, base: '/' }, at('/zh/guide/start'), 'zh', 'en-US')).toBe(`${origin}/guide/start`)
    expect(target({ locales, base: '/docs/' }, at('/docs/zh/guide/start'), 'zh', 'en')).toBe(
      `${origin}/docs/guide/start`,
    )
    expect(target({ locales, base: '/docs/' }, at('/docs/zh'), 'zh', 'en')).toBe(`${origin}/docs/`)
  })

  it('stays put when the language already matches or none does', () => {
    expect(target({ locales, base: '/' }, at('/guide/start'), 'en', 'en-GB')).toBeNull()
    expect(target({ locales, base: '/' }, at('/guide/start'), 'en', 'fr')).toBeNull()
    expect(target({ locales, base: '/docs/' }, at('/elsewhere/x'), 'zh', 'en')).toBeNull()
  })

  // Each of these, minus its /zh prefix, was a path a browser resolves on another host.
  const hostile = [
    '/zh//evil.example/..%2fguide/start',
    '/zh//evil.example',
    '/zh///evil.example/x',
    '/zh/\\evil.example',
    '/zh/\\\\evil.example',
    '/zh/%2F%2Fevil.example',
    '/zh/%5cevil.example',
    '/zh/%5C%5Cevil.example',
    '/zh/\t/evil.example',
  ]
  for (const path of hostile) {
    it(`never leaves the origin for ${JSON.stringify(path)}`, () => {
      for (const base of ['/', '/docs/']) {
        const location = at(base === '/' ? path : `/docs${path}`)
        const result = target({ locales, base }, location, 'zh', 'en')
        if (result !== null) expect(new URL(result).origin).toBe(origin)
      }
    })
  }

  it('is what the inline script runs', () => {
    expect(firstVisitScript(locales, '/')).toContain(firstVisitTargetSource)
  })
})

describe('the /<default>/x redirect page', () => {
  it('points at a path on the same origin, escaped', () => {
    expect(sameOriginPath('/\\evil.example/x')).toBe('/%5Cevil.example/x')
    expect(sameOriginPath('//evil.example/x')).toBe('/evil.example/x')
    const page = redirectPage('/\\evil.example/"><script>')
    expect(page).toContain('url=/%5Cevil.example/&quot;&gt;&lt;script&gt;"')
    expect(page).not.toContain('<script>')
  })
})
