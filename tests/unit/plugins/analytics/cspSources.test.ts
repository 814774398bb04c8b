import { describe, expect, it } from 'vitest'
import { defaultCspDirectives, sitePolicy } from '../../../../engine/render/contentSecurityPolicy.ts'
import { analytics } from '../../../../plugins/analytics/index.ts'

describe("the analytics plugin's policy sources", () => {
  it('adds nothing for a script on the site itself (the default)', () => {
    expect(analytics().csp).toBeUndefined()
    expect(sitePolicy(defaultCspDirectives, [analytics()])['script-src']).toEqual(["'self'"])
  })

  it("adds a script on another host to script-src and connect-src (its beacons)", () => {
    const policy = sitePolicy(defaultCspDirectives, [analytics({ scriptPath: 'https://insights.example.org/v1/script.js' })])
    expect(policy['script-src']).toEqual(["'self'", 'https://insights.example.org'])
    expect(policy['connect-src']).toEqual(["'self'", 'https://insights.example.org'])
  })
})
