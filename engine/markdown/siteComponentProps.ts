import type { VFile } from 'vfile'
import { siteComponentPrefix, siteComponentTag } from '../shared/siteComponents.ts'
import { reservedPropRE, structuredPropsProperty } from '../shared/structuredProps.ts'
import { userContentPrefix } from './sanitizeSchema.ts'
import type { ComponentRegistry } from './componentRegistry.ts'

/**
 * The component an element's name stands for: a theme component (`Tabs`), or the site's
 * (`site:Card`) when the theme has none of that name. An import of a site component already put
 * its tag in `aliases` (checkImports, mdxImportStatements.ts). `null`: no component of that name.
 */
export function componentOf(name: string, components: ComponentRegistry): string | null {
  if (Object.hasOwn(components, name)) return name
  const tag = siteComponentTag(name)
  return Object.hasOwn(components, tag) ? tag : null
}

/** The name a page writes for a component: `Card` for the site's `site:Card`. */
export function writtenName(name: string): string {
  return name.startsWith(siteComponentPrefix) ? name.slice(siteComponentPrefix.length) : name
}

/** Every component name a page may write, for messages: the theme's, then the site's. */
export function knownComponentNames(components: ComponentRegistry): string {
  return [...new Set(Object.keys(components).map(writtenName))].join(', ') || 'none'
}

/**
 * A site component's props as its element carries them: all in the one JSON property (the
 * sanitizer knows no prop of a component that declares none), an `id` with the prefix every id
 * from content gets (it may land on an element: content never takes an id the theme looks up).
 * Props that would make markup or script of a string (`dangerouslySetInnerHTML`, `srcDoc`) and
 * React's own (`children`, `key`, `ref`) fail at the element: site code is trusted, content is not.
 */
export function siteComponentProperties(
  props: Record<string, unknown>,
  name: string,
  file: VFile,
  node: unknown,
): Record<string, unknown> {
  const refused = Object.keys(props).filter((prop) => reservedPropRE.test(prop))
  if (refused.length > 0) {
    const why = "content never gives a component markup, script or React's own props. Remove it."
    const message = `The prop \`${refused[0]}\` of \`<${writtenName(name)}>\` is not allowed: ${why}`
    file.fail(message, node as never, 'sheaf:mdx')
  }
  if (Object.keys(props).length === 0) return {}
  const prefixed = typeof props.id === 'string' && !props.id.startsWith(userContentPrefix)
  const values = prefixed ? { ...props, id: `${userContentPrefix}${String(props.id)}` } : props
  return { [structuredPropsProperty]: JSON.stringify(values) }
}
