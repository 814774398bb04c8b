import { fileURLToPath } from 'node:url'
import type { Plugin } from 'sheaf'

export interface AnalyticsOptions {
  /**
   * Path of the loader script on the site's own origin, or its URL on another host (which the
   * site's Content-Security-Policy then allows for scripts and beacons). Default `/_vercel/insights/script.js`.
   */
  scriptPath?: string
}

/**
 * Loads the web-analytics script from the site's own insights path, deferred,
 * in production builds only, and not on loopback hosts. The loader lives in a client module (no inline
 * handlers, so a strict CSP works); a failed load logs one warning.
 */
export function analytics(options: AnalyticsOptions = {}): Plugin {
  const scriptPath = options.scriptPath ?? '/_vercel/insights/script.js'
  const host = /^https?:\/\//i.test(scriptPath) ? new URL(scriptPath).origin : null
  return {
    name: 'analytics',
    // On the site's own origin, the script's path: the policy allows scripts only from the build's assets and the paths
    // plugins name.
    csp: host ? { 'script-src': [host], 'connect-src': [host] } : { 'script-src': [scriptPath.split(/[?#]/, 1)[0]] },
    headTags(page) {
      if (page.mode !== 'build') return []
      return [{ tag: 'meta', attrs: { name: 'sheaf:analytics', content: scriptPath } }]
    },
    clientModules: [fileURLToPath(new URL('./client.ts', import.meta.url))],
  }
}
