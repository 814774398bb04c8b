/** Offset that keeps a heading clear of the fixed navbar (SPEC §9: 72 px). */
export const anchorScrollOffset = 72

/** Scrolls to the element a `#hash` names, below the navbar. */
export function scrollToHash(hash: string): void {
  if (!hash || hash === '#') return
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // keep the raw id
  }
  const element = document.getElementById(id)
  if (!element) return
  const top = element.getBoundingClientRect().top + window.scrollY - anchorScrollOffset
  window.scrollTo({ top, behavior: 'auto' })
  // Move focus with the view, as a browser does for a plain anchor jump, so keyboard and screen-reader users follow.
  if (!element.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(element.tagName)) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}
