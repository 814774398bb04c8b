import { describe, expect, it } from 'vitest'
import { isHostAllowed } from '../../../../engine/server/hostCheck.ts'

describe('the dev server host check (Vite allowedHosts semantics)', () => {
  it('allows loopback names, IP addresses and no header', () => {
    for (const host of [
      'localhost',
      'localhost:5173',
      'docs.localhost:1',
      '127.0.0.1:5173',
      '10.0.0.2',
      '[::1]:5173',
      '[fe80::1]',
      undefined,
    ])
      expect(isHostAllowed(host, [])).toBe(true)
  })

  it('refuses other names (a rebound DNS name) and malformed ones', () => {
    for (const host of [
      'evil.example',
      'evil.example:5173',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      '[evil.example]',
      '[::1',
      'LOCALHOST.evil.example',
    ])
      expect(isHostAllowed(host, [])).toBe(false)
  })

  it('allows configured names, and subdomains for a leading dot', () => {
    expect(isHostAllowed('docs.internal:80', ['docs.internal'])).toBe(true)
    expect(isHostAllowed('a.docs.internal', ['docs.internal'])).toBe(false)
    expect(isHostAllowed('a.docs.internal', ['.docs.internal'])).toBe(true)
    expect(isHostAllowed('docs.internal', ['.docs.internal'])).toBe(true)
    expect(isHostAllowed('xdocs.internal', ['.docs.internal'])).toBe(false)
    expect(isHostAllowed('anything.example', true)).toBe(true)
  })
})
