/** Offset that keeps a heading clear of the fixed navbar (SPEC §9: 72 px). */
export const anchorScrollOffset = 72

/** The prefix the sanitizer gives ids written in content (engine/markdown/sanitizeSchema.ts). */
export const userContentPrefix = 'user-content-'

/** The id a `#hash` names, percent-decoded (kept raw when it is not valid encoding). */
export function decodeHash(hash: string): string {
  const id = hash.startsWith('#') ? hash.slice(1) : hash
  try {
    return decodeURIComponent(id)
  } catch {
    return id
  }
}

/**
 * The element a `#hash` lands on: the element with that id (or an `<a name>`, as
 * the browser's own jump does), else, as on GitHub, the content element named
 * `user-content-` + it, since content's ids carry that prefix while links to them
 * are written without it. `userContent: false` looks only where the browser looks.
 */
export function findHashTarget(
  hash: string,
  { userContent = true }: { userContent?: boolean } = {},
): HTMLElement | null {
  if (!hash || hash === '#') return null
  const id = decodeHash(hash)
  if (!id) return null
  return (
    elementNamed(id) ?? (userContent && !id.startsWith(userContentPrefix) ? elementNamed(userContentPrefix + id) : null)
  )
}

function elementNamed(id: string): HTMLElement | null {
  return (
    document.getElementById(id) ??
    [...document.getElementsByName(id)].find((element) => element.tagName === 'A') ??
    null
  )
}

/** Scrolls to the element a `#hash` names, below the navbar. */
export function scrollToHash(hash: string): void {
  const element = findHashTarget(hash)
  if (!element) return
  const top = element.getBoundingClientRect().top + window.scrollY - anchorScrollOffset
  window.scrollTo({ top, behavior: 'auto' })
  // Move focus with the view, as a browser does for a plain anchor jump, so keyboard and screen-reader users follow.
  if (!element.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(element.tagName))
    element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}
