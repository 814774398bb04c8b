import type { ComponentType } from 'react'
import { jsx } from 'react/jsx-runtime'
import { siteComponentPrefix } from './siteComponents.ts'

/**
 * MDX component props that are objects or arrays (`command={{ npm: '…', yarn: '…' }}`,
 * `values={['a', 'b']}`) cannot travel as hast properties: the sanitizer keeps only strings,
 * numbers and lists of them, and hast-util-to-jsx-runtime joins arrays into one string. They
 * travel instead as one JSON property, and HastContent hands them back to the component intact.
 */
export const structuredPropsProperty = 'dataSheafProps'
const structuredPropsAttribute = 'data-sheaf-props'

/** Build side: primitives stay properties; objects and arrays go into the JSON property. */
export function encodeStructuredProps(props: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {}
  const structured: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(props)) {
    if (value !== null && typeof value === 'object') structured[name] = value
    else plain[name] = value
  }
  if (Object.keys(structured).length > 0) plain[structuredPropsProperty] = JSON.stringify(structured)
  return plain
}

const wrapped = new WeakMap<object, object>()

/**
 * Render side: the components map with each MDX component (a capitalised name) taking its JSON
 * props back. The map is made once per components object, so a component keeps its identity
 * between renders (no remounts).
 */
export function withStructuredProps<T extends Record<string, unknown>>(components: T | undefined): T | undefined {
  if (!components) return components
  const known = wrapped.get(components)
  if (known) return known as T
  const result: Record<string, unknown> = {}
  for (const [name, component] of Object.entries(components)) {
    result[name] =
      isComponentName(name) && component ? decodeProps(component as ComponentType<Record<string, unknown>>) : component
  }
  wrapped.set(components, result)
  return result as T
}

/** A theme's MDX component (`Tabs`) or a site's (`site:Card`); lowercase names are HTML elements. */
function isComponentName(name: string): boolean {
  return /^[A-Z]/.test(name) || name.startsWith(siteComponentPrefix)
}

function decodeProps(Component: ComponentType<Record<string, unknown>>): ComponentType<Record<string, unknown>> {
  function WithStructuredProps(props: Record<string, unknown>) {
    const { [structuredPropsAttribute]: encoded, ...rest } = props
    return jsx(Component, typeof encoded === 'string' ? { ...rest, ...parseObject(encoded) } : rest)
  }
  WithStructuredProps.displayName = Component.displayName ?? Component.name
  return WithStructuredProps
}

/** Props content may never give: React's own, and those that make markup or script of a string. */
export const reservedPropRE = /^(children|key|ref|dangerouslySetInnerHTML|srcdoc|on.*)$/i

/** Page data can be forged: anything but a JSON object gives no props. */
function parseObject(encoded: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(encoded)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    // Never React's own props or a script property, which a component may spread onto an element.
    return Object.fromEntries(Object.entries(value).filter(([name]) => !reservedPropRE.test(name)))
  } catch {
    return {}
  }
}
