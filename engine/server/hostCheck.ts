import net from 'node:net'

/**
 * Whether a request's Host header names a host the dev server answers for, with the semantics of
 * Vite's `server.allowedHosts` (which guards Vite's own routes, not the engine's): any IP address,
 * `localhost` and `*.localhost`, and each configured host (`.example.com` also allows its
 * subdomains); `true` allows every host. A page on another site can make a browser send requests
 * to 127.0.0.1 under a name that resolves there (DNS rebinding), but the Host header then carries
 * that name, so refusing unknown names keeps such pages from reading the site's data.
 */
export function isHostAllowed(hostHeader: string | undefined, allowedHosts: readonly string[] | true): boolean {
  if (allowedHosts === true) return true
  // HTTP/1.0 clients send none; browsers always do.
  if (hostHeader === undefined) return true
  const host = hostHeader.trim()
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    return end > 0 && net.isIP(host.slice(1, end)) === 6
  }
  const colon = host.indexOf(':')
  const hostname = (colon === -1 ? host : host.slice(0, colon)).toLowerCase()
  if (net.isIP(hostname) === 4) return true
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true
  return allowedHosts.some((allowed) => {
    const pattern = allowed.toLowerCase()
    return (
      pattern === hostname || (pattern.startsWith('.') && (pattern.slice(1) === hostname || hostname.endsWith(pattern)))
    )
  })
}

/** The 403 body for a refused host, with the way to allow it. */
export function hostRefusal(hostHeader: string | undefined): string {
  const hostname = String(hostHeader ?? '').replace(/:\d+$/, '')
  return (
    `Blocked request: this host (${JSON.stringify(hostname)}) is not allowed. ` +
    `The dev server answers for localhost and IP addresses; to allow another name, ` +
    `pass it in the dev server's \`allowedHosts\` option.\n`
  )
}
