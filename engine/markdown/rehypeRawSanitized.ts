import type { Element, Root } from 'hast'
import { raw } from 'hast-util-raw'
import { sanitize, type Schema } from 'hast-util-sanitize'
import { contains, walk } from './walk.ts'
import { isSafeDataImage } from './sanitizeSchema.ts'
import { namespaceContentClasses } from './contentClasses.ts'

interface Options {
  schema: Schema | null
  /**
   * Classes content may use as written besides the engine's own (the theme's `contentClasses`); others get
   * `user-content-`.
   */
  contentClasses?: readonly string[]
}

/**
 * Parses raw HTML written in markdown into the tree, then sanitizes the whole
 * tree and puts content's classes in their namespace (contentClasses.ts). With
 * `schema: null` (sanitizing turned off) raw HTML is kept as is.
 */
export default function rehypeRawSanitized(options: Options) {
  const allowedClasses = new Set(options.contentClasses ?? [])
  return (tree: Root): Root => {
    const parsed = contains(tree, 'raw') ? (raw(tree) as Root) : tree
    if (!options.schema) return parsed
    const clean = sanitize(parsed, options.schema) as Root
    walk<Element>(clean, 'element', (node) => {
      const src = node.properties.src
      if (typeof src === 'string' && src.startsWith('data:') && !(node.tagName === 'img' && isSafeDataImage(src)))
        delete node.properties.src
    })
    namespaceContentClasses(clean, allowedClasses)
    return clean
  }
}
