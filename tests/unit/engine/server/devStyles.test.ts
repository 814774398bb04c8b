import { describe, expect, it } from 'vitest'
import { devStyleTags, devStyleUrl } from '../../../../engine/server/devStyles.ts'

describe("a dev page's theme stylesheets (linked until the client entry has run)", () => {
  it(
    'links each stylesheet by its absolute path under /@fs/ and the base, ' +
      "and a module script removes each once Vite's <style> for it is in",
    () => {
      const tags = devStyleTags(['/work/site/theme/styles/index.css', '/work/site/theme/extra.css'], '/docs/')
      expect(tags.head).toBe(
        '<link rel="stylesheet" href="/docs/@fs/work/site/theme/styles/index.css" ' +
          'data-sheaf-dev-styles="/work/site/theme/styles/index.css">\n' +
          '<link rel="stylesheet" href="/docs/@fs/work/site/theme/extra.css" ' +
          'data-sheaf-dev-styles="/work/site/theme/extra.css">',
      )
      expect(tags.body).toBe(
        `<script type="module">for (const tag of document.querySelectorAll('link[data-sheaf-dev-styles], ` +
          `style[data-sheaf-dev-styles]')) if (document.querySelector(\`style[data-vite-dev-id="\${CSS.escape(tag.getAttribute('data-sheaf-dev-styles'))}"]\`)) tag.remove()</script>`,
      )
    },
  )

  it('escapes what a path may hold that a URL or an attribute may not, as Vite unescapes it', () => {
    const { head } = devStyleTags(['/sites/a "b"/#c?d&e.css'], '/')
    expect(head).toBe(
      '<link rel="stylesheet" href="/@fs/sites/a%20%22b%22/%23c%3Fd&amp;e.css" ' +
        'data-sheaf-dev-styles="/sites/a &quot;b&quot;/#c?d&amp;e.css">',
    )
    expect(decodeURI('/@fs/sites/a%20%22b%22/')).toBe('/@fs/sites/a "b"/')
  })

  it('writes a Windows path with forward slashes', () => {
    expect(devStyleTags(['C:\\site\\styles.css'], '/').head).toContain(
      'href="/@fs/C:/site/styles.css" data-sheaf-dev-styles="C:/site/styles.css"',
    )
  })

  it("names a stylesheet as Vite sees the request (no base), for the server to transform it ahead of the page's", () => {
    expect(devStyleUrl('/work/site/theme/styles/index.css')).toBe('/@fs/work/site/theme/styles/index.css')
    expect(devStyleTags(['/work/a.css'], '/docs/').head).toContain(`href="/docs${devStyleUrl('/work/a.css')}"`)
  })

  it('puts a stylesheet it is given the text of in the page, marked as a link is, and links the others', () => {
    const texts: Record<string, string> = {
      '/work/plain.css': 'body { color: red; }\n.a::after { content: "</style><script>x</script>"; }',
    }
    const { head } = devStyleTags(['/work/plain.css', '/work/other.scss'], '/', (file) => texts[file] ?? null)
    expect(head).toBe(
      '<style data-sheaf-dev-styles="/work/plain.css">body { color: red; }\n' +
        '.a::after { content: "<\\/style><script>x</script>"; }</style>\n' +
        '<link rel="stylesheet" href="/@fs/work/other.scss" data-sheaf-dev-styles="/work/other.scss">',
    )
  })

  it('adds nothing for a theme without stylesheets', () => {
    expect(devStyleTags([], '/')).toEqual({ head: '', body: '' })
  })
})
