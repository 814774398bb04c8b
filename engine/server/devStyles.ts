import { withBase } from '../shared/routes.ts'

/** Marks the links and styles `devStyleTags` adds, for the script that removes them. */
const marker = 'data-sheaf-dev-styles'

/**
 * The theme's global stylesheets as render-blocking links in a dev page's head, and the script
 * that removes them once the client entry has run.
 *
 * Why: in dev, the theme's CSS reaches the page through the client entry's `import`, which Vite
 * turns into a <style> only when the entry's whole module graph has loaded and runs (React, the
 * theme, ~100 modules at a cold start). Until then the server-rendered page painted unstyled: at
 * a cold start of the N=1,000 corpus the styled page came 1.1-1.3 s after the HTML. A link is
 * fetched at once (Vite serves the same CSS, through the same pipeline, to a stylesheet request),
 * and the browser paints the page styled or not at all.
 *
 * A link goes once the entry has run and Vite's <style> for the same file is in (Vite's hot
 * reload updates that one, and a link left in place would keep a rule a later save removed).
 * Module scripts run in document order, so a module script after the entry's runs after it; an
 * entry that failed to load left no <style>, and the links stay, as they are all the page has.
 *
 * `inline`: a stylesheet's text, when it can be put in the page as it is (see plainStylesheet.ts),
 * in a <style> removed in the same way: the page then paints styled with its HTML, without asking
 * for the stylesheet (which, at a cold start, came while Vite started on the same thread). A
 * stylesheet it gives no text for is linked.
 */
export function devStyleTags(
  styles: readonly string[],
  base: string,
  inline: (file: string) => string | null = () => null,
): { head: string; body: string } {
  if (styles.length === 0) return { head: '', body: '' }
  const head = styles
    .map((file) => {
      // Marked with the file as Vite names its <style> (data-vite-dev-id: the path, forward slashes).
      const mark = `${marker}="${escapeAttribute(file.split('\\').join('/'))}"`
      const css = inline(file)
      if (css !== null) return `<style ${mark}>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`
      return `<link rel="stylesheet" href="${escapeAttribute(withBase(devStyleUrl(file), base))}" ${mark}>`
    })
    .join('\n')
  const body =
    `<script type="module">for (const tag of document.querySelectorAll('link[${marker}], style[${marker}]')) ` +
    `if (document.querySelector(\`style[data-vite-dev-id="\${CSS.escape(tag.getAttribute('${marker}'))}"]\`)) ` +
    `tag.remove()</script>`
  return { head, body }
}

/**
 * A stylesheet's URL as Vite sees a request for it (without the base): Vite serves any allowed
 * file by its absolute path under /@fs/ (inside its root or not).
 */
export function devStyleUrl(file: string): string {
  return `/@fs${toUrlPath(file)}`
}

/**
 * An absolute file path as a URL path (forward slashes; a Windows drive gets its leading slash),
 * escaped as Vite unescapes it (decodeURI: what it leaves escaped, such as `:`, must stay as it is).
 */
function toUrlPath(file: string): string {
  const forward = file.split('\\').join('/')
  return encodeURI(forward.startsWith('/') ? forward : `/${forward}`).replace(/[?#]/g, (char) =>
    encodeURIComponent(char),
  )
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}
