// Runs once in the browser: adds the analytics script named by the page's meta tag.
// Not on loopback hosts: a local preview is not a visit, and the provider's script path
// (served by the host in production) would only 404 there and log an error.
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
const meta = document.querySelector<HTMLMetaElement>('meta[name="sheaf:analytics"]')
if (meta?.content && !loopbackHosts.has(location.hostname)) {
  const script = document.createElement('script')
  script.src = meta.content
  script.defer = true
  script.addEventListener('error', () =>
    console.warn(`[analytics] The analytics script ${meta.content} failed to load; pages work without it.`),
  )
  document.head.appendChild(script)
}
