import { describe, expect, it } from 'vitest'
import { assetScriptDirectives } from '../../../../engine/render/assetScriptPolicy.ts'
import { defaultCspDirectives, policyText, sitePolicy } from '../../../../engine/render/contentSecurityPolicy.ts'
import { analytics } from '../../../../plugins/analytics/index.ts'

describe("the analytics plugin's policy sources", () => {
  it(
    "names the path of a script on the site itself (the default): 'self' covers it, " +
      'the asset-only policy allows it by path (issue 38)',
    () => {
      expect(analytics().csp).toEqual({ 'script-src': ['/_vercel/insights/script.js'] })
      const policy = sitePolicy(defaultCspDirectives, [analytics()])
      expect(policyText(policy, { scripts: [], styles: [] }, 'header')).toContain("script-src 'self';")
      expect(assetScriptDirectives(policy, '/docs/assets/')?.['script-src']).toEqual([
        '*:*/docs/assets/',
        '*:*/_vercel/insights/script.js',
      ])
    },
  )

  it('adds a script on another host to script-src and connect-src (its beacons)', () => {
    const policy = sitePolicy(defaultCspDirectives, [
      analytics({ scriptPath: 'https://insights.example.org/v1/script.js' }),
    ])
    expect(policy['script-src']).toEqual(["'self'", 'https://insights.example.org'])
    expect(policy['connect-src']).toEqual(["'self'", 'https://insights.example.org'])
  })
})
