/** The same-origin `<a>` a click should navigate to without a reload, or null. */
export function findNavigableAnchor(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null
  const target = event.target as Element | null
  const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null
  if (!anchor) return null
  if (anchor.target && anchor.target !== '_self') return null
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return null
  if (anchor.origin !== window.location.origin) return null
  // Files (images, .md twins, .txt) are not pages.
  if (/\.(?!html?$)[a-z0-9]{1,5}$/i.test(anchor.pathname)) return null
  return anchor
}
