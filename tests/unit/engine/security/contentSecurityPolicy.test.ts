import { createHash } from 'node:crypto'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateConfig } from '../../../../engine/config/validateConfig.ts'
import { isSheafError } from '../../../../engine/errors.ts'
import type { HeadTag, Plugin } from '../../../../engine/plugins/types.ts'
import {
  defaultCspDirectives,
  headersFile,
  sitePolicy,
  type CspDirectives,
} from '../../../../engine/render/contentSecurityPolicy.ts'
import { headTagChildren, htmlShell, type ShellInput } from '../../../../engine/render/htmlShell.ts'

const root = '/site'
const configFile = path.join(root, 'site/config.ts')
const theme = { templates: { doc: 'site/theme/Doc.tsx' } }

const themeInit =
  "(function(){try{if(localStorage.getItem('t')==='dark')document.documentElement.classList.add('dark')}catch(e){}})();"
const redirect = '(function(){var d={"base":"/"};if(location.pathname.indexOf(\'</script>\')<0)return})();'

/** A document whose head holds a theme's title and these config/plugin tags (as react-helmet-async leaves them). */
function shell({ headTags = [], ...input }: Partial<ShellInput> & { headTags?: HeadTag[] }): string {
  const siteTags = headTags.map((tag) => ({
    ...tag,
    attrs: Object.fromEntries(Object.entries(tag.attrs).filter(([, value]) => value !== false)) as Record<
      string,
      string | true
    >,
    managed: false,
  }))
  return htmlShell({
    lang: 'en',
    head: {
      tags: [{ tag: 'title', attrs: {}, children: 't', managed: true }, ...siteTags],
      htmlAttributes: {},
      bodyAttributes: {},
    },
    body: '<main>hello</main>',
    page: { path: '/x', template: 'doc', context: {}, data: {}, layoutData: {}, bundle: 'b' },
    assets: { entry: '/e.js', loader: '/loader.js', css: [], templateChunks: {}, bundle: 'b' },
    ...input,
  })
}

/**
 * What a browser hashes: the text of every inline script that runs (not JSON data blocks), read back from the document.
 */
function executableInlineScriptHashes(html: string): string[] {
  const scripts = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
  ].map((match) => match[1])
  return scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
}

function metaPolicy(html: string): string | undefined {
  return html
    .match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1]
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(/;\s*/).find((part) => part.split(' ')[0] === name)
  return found ? found.split(' ').slice(1) : []
}

describe('the Content-Security-Policy of a built page', () => {
  const headTags: HeadTag[] = [
    { tag: 'script', attrs: {}, children: themeInit },
    { tag: 'script', attrs: {}, children: redirect },
    { tag: 'script', attrs: { type: 'application/ld+json' }, children: '{"@type":"WebSite"}' },
    { tag: 'script', attrs: { src: '/x.js', defer: true } },
    { tag: 'meta', attrs: { name: 'sheaf:analytics', content: '/a.js' } },
  ]

  it('is a <meta> right after the charset, allowing exactly the inline scripts that run', () => {
    const html = shell({ headTags, csp: defaultCspDirectives })
    const policy = metaPolicy(html)
    expect(policy).toBeDefined()
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'))
    expect(html.split('\n')[3]).toBe('<meta charset="utf-8">')
    expect(html.split('\n')[4]).toMatch(/^<meta http-equiv="Content-Security-Policy"/)
    const hashes = directive(policy as string, 'script-src').filter((source) => source.startsWith("'sha256-"))
    // The document's own inline scripts, read back as a browser would (the redirect script's `</script>` is escaped).
    expect(hashes.sort()).toEqual([...new Set(executableInlineScriptHashes(html))].sort())
    expect(hashes).toHaveLength(2)
    expect(directive(policy as string, 'script-src')).not.toContain("'unsafe-inline'")
    expect(directive(policy as string, 'object-src')).toEqual(["'none'"])
  })

  it('leaves out what a <meta> cannot carry (frame-ancestors), which _headers has', () => {
    const policy = metaPolicy(shell({ headTags, csp: defaultCspDirectives })) as string
    expect(directive(policy, 'frame-ancestors')).toEqual([])
    expect(headersFile(defaultCspDirectives, [headTags], headTagChildren)).toMatch(/frame-ancestors 'self'/)
  })

  it('never hashes a script the body holds: markup past the sanitizer still cannot run', () => {
    const body = '<main><script>alert(document.cookie)</script></main>'
    const policy = metaPolicy(shell({ body, headTags: [], csp: defaultCspDirectives })) as string
    const injected = `'sha256-${createHash('sha256').update('alert(document.cookie)').digest('base64')}'`
    expect(policy).not.toContain(injected)
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
  })

  it('is absent when the site turns it off (and in the dev server, which passes none)', () => {
    expect(metaPolicy(shell({ headTags, csp: false }))).toBeUndefined()
    expect(metaPolicy(shell({ headTags }))).toBeUndefined()
  })

  it('hashes a script as the browser reads it: CRLF newlines count as LF', () => {
    const policy = metaPolicy(
      shell({ headTags: [{ tag: 'script', attrs: {}, children: 'var a=1;\r\nvar b=2;' }], csp: defaultCspDirectives }),
    ) as string
    expect(policy).toContain(`'sha256-${createHash('sha256').update('var a=1;\nvar b=2;').digest('base64')}'`)
  })

  it("adds no hash to a directive that allows 'unsafe-inline' (a hash would switch it off)", () => {
    const directives: CspDirectives = { ...defaultCspDirectives, 'style-src': ["'self'", "'unsafe-inline'"] }
    const policy = metaPolicy(
      shell({ headTags: [{ tag: 'style', attrs: {}, children: 'body{color:red}' }], csp: directives }),
    ) as string
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"])
    const strict = metaPolicy(
      shell({
        headTags: [{ tag: 'style', attrs: {}, children: 'body{color:red}' }],
        csp: { ...directives, 'style-src': ["'self'"] },
      }),
    ) as string
    expect(directive(strict, 'style-src')).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update('body{color:red}').digest('base64')}'`,
    ])
  })
})

describe('the `csp` config option', () => {
  const validate = (csp: unknown) => validateConfig({ title: 't', theme, csp }, root, configFile)

  it('defaults to the strict policy', () => {
    expect(validate(undefined).csp).toEqual(defaultCspDirectives)
  })

  it('turns off with false; a named directive replaces the default, false removes it', () => {
    expect(validate(false).csp).toBe(false)
    const csp = validate({ directives: { 'img-src': ["'self'", 'https:'], 'form-action': false } }).csp as CspDirectives
    expect(csp['img-src']).toEqual(["'self'", 'https:'])
    expect(csp['form-action']).toBeUndefined()
    expect(csp['script-src']).toEqual(["'self'"])
  })

  it.each([
    ['a string', "default-src 'self'", 'csp'],
    ['an unknown option', { reportOnly: true }, 'csp.reportOnly'],
    [
      'a source that would start another directive',
      { directives: { 'img-src': ["'self'; script-src *"] } },
      'csp.directives["img-src"]',
    ],
    ['a directive name with a space', { directives: { 'img src': ["'self'"] } }, 'csp.directives["img src"]'],
  ])('refuses %s with an error naming the field and the file', (_name, csp, field) => {
    let caught: unknown
    try {
      validate(csp)
    } catch (error) {
      caught = error
    }
    expect(isSheafError(caught)).toBe(true)
    expect((caught as Error).message).toContain(`\`${field}\``)
    expect((caught as { file?: string }).file).toBe('site/config.ts')
  })
})

describe("plugins' sources", () => {
  it('are added to the directive they name (a directive left to default-src starts from it)', () => {
    const plugins: Plugin[] = [
      {
        name: 'cdn-analytics',
        csp: { 'script-src': ['https://cdn.example.org'], 'connect-src': ['https://collect.example.org'] },
      },
      { name: 'fonts', csp: { 'font-src': ['https://fonts.example.org'] } },
    ]
    const { 'font-src': _font, ...withoutFont } = defaultCspDirectives
    const policy = sitePolicy(withoutFont, plugins)
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example.org'])
    expect(policy['connect-src']).toEqual(["'self'", 'https://collect.example.org'])
    expect(policy['font-src']).toEqual(["'self'", 'https://fonts.example.org'])
  })

  it('must be directive -> sources: anything else is an error naming the plugin', () => {
    const plugins = [{ name: 'broken', csp: { 'script-src': 'https://cdn.example.org' } } as unknown as Plugin]
    expect(() => sitePolicy(defaultCspDirectives, plugins)).toThrowError(
      expect.objectContaining({ name: 'SheafError', plugin: 'broken' }),
    )
  })
})

describe('_headers', () => {
  it('gives every path the union of the pages’ hashes, after the rules a site ships itself', () => {
    const pageA: HeadTag[] = [{ tag: 'script', attrs: {}, children: themeInit }]
    const pageB: HeadTag[] = [...pageA, { tag: 'script', attrs: {}, children: redirect }]
    const text = headersFile(defaultCspDirectives, [pageA, pageB, pageA], headTagChildren, {
      leading: '/assets/*\n  Cache-Control: immutable\n',
    })
    expect(text.startsWith('/assets/*\n  Cache-Control: immutable\n\n')).toBe(true)
    const policy = text.match(/^\/\*\n {2}Content-Security-Policy: (.*)$/m)?.[1] as string
    const hashes = directive(policy, 'script-src').filter((source) => source.startsWith("'sha256-"))
    expect(hashes.sort()).toEqual([...new Set(executableInlineScriptHashes(shell({ headTags: pageB })))].sort())
  })
})
