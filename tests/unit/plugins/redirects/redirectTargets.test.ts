import { describe, expect, it } from 'vitest'
import { isSheafError } from '../../../../engine/errors.ts'
import { redirectPage, redirects, sameOriginPath } from '../../../../plugins/redirects/index.ts'

function errorOf(to: string): unknown {
  try {
    redirects({ redirects: { '/old': to } })
  } catch (error) {
    return error
  }
  return null
}

describe('redirect targets', () => {
  it('accepts routes and absolute http(s) URLs', () => {
    for (const to of ['/docs/start', '/', 'https://example.com/docs', 'HTTP://example.com'])
      expect(errorOf(to)).toBeNull()
  })

  // Each would send a reader off the site (or run script) from a page the site serves.
  for (const to of [
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'https:',
    'docs/start',
    '/docs\n/x',
    '',
  ]) {
    it(`refuses ${JSON.stringify(to)} with a located error`, () => {
      const error = errorOf(to)
      expect(isSheafError(error)).toBe(true)
      expect((error as { file?: string }).file).toBe('site/config.ts')
    })
  }

  it('writes a same-origin path and escapes it', () => {
    expect(sameOriginPath('/\\evil.example')).toBe('/%5Cevil.example')
    expect(sameOriginPath('///evil.example')).toBe('/evil.example')
    const page = redirectPage('/a"><script>alert(1)</script>')
    expect(page).not.toContain('<script>')
    expect(page).toContain('url=/a&quot;&gt;&lt;script&gt;')
  })
})
