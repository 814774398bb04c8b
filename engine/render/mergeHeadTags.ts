import type { HeadTag } from '../plugins/types.ts'

/**
 * What a head tag describes, for finding two tags that say the same thing: the title, a
 * meta's name/property/http-equiv, a canonical/icon/manifest link, an alternate link's
 * language, a script's src. Null for tags that never duplicate one another (preloads,
 * stylesheets, other links, inline code, which is compared by its text).
 */
export function headTagKey(tag: string, attrs: Readonly<Record<string, string | boolean | undefined>>, children = ''): string | null {
  const attr = (name: string) => (typeof attrs[name] === 'string' ? String(attrs[name]).trim() : '')
  switch (tag) {
    case 'title':
    case 'base':
      return tag
    case 'meta': {
      if (attrs.charset !== undefined) return 'meta charset'
      for (const name of ['name', 'property', 'http-equiv', 'itemprop']) if (attr(name)) return `meta ${name}=${attr(name).toLowerCase()}`
      return null
    }
    case 'link': {
      const rel = attr('rel').toLowerCase()
      if (rel === 'canonical' || rel === 'manifest') return `link ${rel}`
      if (rel === 'icon' || rel === 'apple-touch-icon') return `link ${rel} ${attr('sizes')} ${attr('media')}`
      if (rel === 'alternate' && attr('hreflang')) return `link alternate ${attr('hreflang').toLowerCase()}`
      return null
    }
    case 'script':
    case 'style':
      if (attr('src')) return `${tag} src=${attr('src')}`
      return children.trim() ? `${tag} ${attr('type')} ${children.trim()}` : null
    default:
      return null
  }
}

const pageTagRE = /<(title|meta|link|base)\b([^>]*)>/gi
const attributeRE = /([^\s"'=<>/]+)(?:="([^"]*)")?/g

/** The keys of the tags in a page's rendered head (React's hoisted title, meta and link tags). */
function pageHeadKeys(pageHead: string): Set<string> {
  const keys = new Set<string>()
  for (const [, tag, rawAttributes] of pageHead.matchAll(pageTagRE)) {
    const attrs: Record<string, string | boolean> = {}
    for (const [, name, value] of rawAttributes.matchAll(attributeRE)) attrs[name.toLowerCase()] = value === undefined ? true : decodeAttribute(value)
    const key = headTagKey(tag.toLowerCase(), attrs)
    if (key) keys.add(key)
  }
  return keys
}

/**
 * The config's and plugins' head tags, merged with the page's own head: a tag that says
 * what the page's head already says is dropped (the page is the most specific, as a
 * Starlight page's `head` overrides the config's), and of two config/plugin tags that say
 * the same thing the later one is kept, in its place. Order is kept otherwise.
 */
export function mergeHeadTags(pageHead: string, tags: readonly HeadTag[]): HeadTag[] {
  const onPage = pageHeadKeys(pageHead)
  const keys = tags.map((tag) => headTagKey(tag.tag, tag.attrs, tag.children))
  const lastIndex = new Map<string, number>()
  keys.forEach((key, index) => key && lastIndex.set(key, index))
  return tags.filter((_tag, index) => {
    const key = keys[index]
    return !key || (!onPage.has(key) && lastIndex.get(key) === index)
  })
}

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}
