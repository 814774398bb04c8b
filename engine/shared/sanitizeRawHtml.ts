/**
 * The browser-side check on build-time HTML (RawHtml) that did not come from
 * the server-rendered document: what a client navigation fetched, or what a
 * forged page data would hold. A build's highlighter writes only `span`s with
 * a `class` and a `style` of colour declarations, so that (and a few inline
 * formatting tags) is all that passes: any other element becomes its text, and
 * any other attribute (`on*`, `src`, `href`, `id`, ...) is dropped. Parsed in
 * an inert `<template>`: nothing loads or runs while it is checked.
 *
 * Returns the input string itself when nothing had to go, so legitimate HTML
 * renders byte for byte as the server wrote it (hydration matches).
 */
const allowedTags = new Set([
  'SPAN',
  'B',
  'I',
  'EM',
  'STRONG',
  'MARK',
  'CODE',
  'BR',
  'DEL',
  'INS',
  'S',
  'U',
  'SUB',
  'SUP',
])
const allowedAttributes = new Set(['class', 'style'])
/** Declarations such as `--shiki-light:#D73A49;font-style:italic`: no `url(`, no escapes, no at-rules. */
const safeStyle = /^[\w\s#%.,:;-]*$/

const cache = new Map<string, string>()
const cacheLimit = 500

export function sanitizeRawHtml(html: string): string {
  const cached = cache.get(html)
  if (cached !== undefined) return cached
  const template = document.createElement('template')
  template.innerHTML = html
  const changed = cleanChildren(template.content)
  const result = changed ? template.innerHTML : html
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string)
  cache.set(html, result)
  return result
}

/** Cleans every child of `parent` in place; true when anything was removed. */
function cleanChildren(parent: ParentNode): boolean {
  let changed = false
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove() // comments, processing instructions
      changed = true
      continue
    }
    const element = child as Element
    // Tag names of HTML elements come upper case; an SVG or MathML one (lower case) never passes.
    if (!allowedTags.has(element.tagName)) {
      element.replaceWith(document.createTextNode(element.textContent ?? ''))
      changed = true
      continue
    }
    for (const attribute of [...element.attributes]) {
      if (allowedAttributes.has(attribute.name) && (attribute.name !== 'style' || safeStyle.test(attribute.value)))
        continue
      element.removeAttribute(attribute.name)
      changed = true
    }
    if (cleanChildren(element)) changed = true
  }
  return changed
}
