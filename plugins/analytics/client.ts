// Runs once in the browser: adds the analytics script named by the page's meta tag.
const meta = document.querySelector<HTMLMetaElement>('meta[name="sheaf:analytics"]')
if (meta?.content) {
  const script = document.createElement('script')
  script.src = meta.content
  script.defer = true
  script.addEventListener('error', () => console.warn(`[analytics] The analytics script ${meta.content} failed to load; pages work without it.`))
  document.head.appendChild(script)
}
