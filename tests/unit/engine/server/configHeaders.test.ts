import { describe, expect, it } from 'vitest'
import type { HeadersRule } from '../../../../engine/config/headersOption.ts'
import { configHeadersFor } from '../../../../engine/server/configHeaders.ts'

const rules: HeadersRule[] = [
  { for: '/*', values: { 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-cache' } },
  { for: '/assets/*', values: { 'Cache-Control': 'max-age=31536000' } },
  { for: '/docs/:page', values: { 'X-Robots-Tag': 'noindex' } },
]

describe("the dev server's headers from the config (as the build's _headers)", () => {
  it('sends every matching rule’s headers, joining a header two rules set, as the hosts and the preview do', () => {
    const headers = configHeadersFor(rules, '/assets/app.js')
    expect(headers).toEqual({ 'x-frame-options': 'DENY', 'cache-control': 'no-cache, max-age=31536000' })
  })

  it('matches `:name` to one path segment only', () => {
    expect(configHeadersFor(rules, '/docs/guide')).toHaveProperty('x-robots-tag', 'noindex')
    expect(configHeadersFor(rules, '/docs/guide/more')).not.toHaveProperty('x-robots-tag')
    expect(configHeadersFor(rules, '/')).toEqual({ 'x-frame-options': 'DENY', 'cache-control': 'no-cache' })
  })

  it('sends nothing without rules, and follows a new config’s rules', () => {
    expect(configHeadersFor([], '/')).toEqual({})
    expect(configHeadersFor([{ for: '/only', values: { 'X-A': '1' } }], '/')).toEqual({})
    expect(configHeadersFor([{ for: '/only', values: { 'X-A': '1' } }], '/only')).toEqual({ 'x-a': '1' })
  })
})
