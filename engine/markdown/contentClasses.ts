import type { Element, Root } from 'hast'
import { userContentPrefix } from './sanitizeSchema.ts'
import { walk } from './walk.ts'

/**
 * Classes that content may keep as written: those the markdown pipeline itself puts on the
 * elements it makes before sanitizing (GFM footnotes and task lists, `language-*` on code,
 * remark-math's), so the theme's styles for them still apply. They style text, never the page.
 */
export const engineContentClasses: readonly string[] = [
  'footnotes',
  'sr-only',
  'task-list-item',
  'contains-task-list',
  'math',
  'math-inline',
  'math-display',
]

const engineContentClassRE = /^language-[\w+#.-]+$/

/**
 * Raw HTML keeps any `class` through the sanitizer (GitHub's schema allows it), and a class is
 * the theme's API: `<div class="mobile-nav__screen">` draws the theme's full-screen panel over
 * the page, a fake dialog with the site's own look. So every class from content that is not in
 * the allow-list (the engine's own, plus the theme's `contentClasses`) gets the `user-content-`
 * prefix, as ids do: `class="note"` stays stylable as `.user-content-note`, and no theme class
 * can be reached. Runs after sanitizing, on the whole tree, before the engine's later steps
 * (headings, code blocks) add classes of their own.
 */
export function namespaceContentClasses(tree: Root, allowed: ReadonlySet<string>): void {
  walk<Element>(tree, 'element', (node) => {
    const value = node.properties.className
    if (value === undefined || value === null) return
    const classes = Array.isArray(value) ? value.map(String) : String(value).split(/\s+/)
    node.properties.className = classes
      .filter(Boolean)
      .map((name) => (isAllowedContentClass(name, allowed) ? name : `${userContentPrefix}${name}`))
  })
}

/** Whether content may use `name` as written (the engine's classes, or one the theme allows). */
export function isAllowedContentClass(name: string, allowed: ReadonlySet<string>): boolean {
  return (
    name.startsWith(userContentPrefix) ||
    allowed.has(name) ||
    engineContentClasses.includes(name) ||
    engineContentClassRE.test(name)
  )
}
