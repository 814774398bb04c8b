import type { Element, Root, RootContent } from 'hast'
import type { Components } from 'hast-util-to-jsx-runtime'
import { useContext } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { HastCompilerContext } from './hastCompiler.ts'
import { hastToReact } from './hastToReact.ts'
import { SiteComponentsContext, withSiteComponents } from './siteComponents.ts'
import { withStructuredProps } from './structuredProps.ts'

export interface HastContentProps {
  /** A page body (hast JSON from the page data). */
  tree: Root
  /** Tag name -> component, e.g. `{ 'code-block': CodeBlock, a: ContentLink }`. */
  components?: Partial<Components> & Record<string, unknown>
}

/** Turns a page body into React. The same function runs on server and client, so hydration matches. */
export function HastContent({ tree, components }: HastContentProps) {
  // The server render compiles with rehype-react (see hastCompiler.ts); the browser with
  // hastToReact, the same tree in a tenth of the bytes (see hastToReact.ts).
  const compile = useContext(HastCompilerContext) ?? hastToReact
  // The site's own MDX components (the config's `components`), beside the theme's.
  const all = withSiteComponents(components, useContext(SiteComponentsContext))
  return compile(withoutScriptProperties(tree), {
    Fragment,
    jsx,
    jsxs,
    components: withStructuredProps(all) as Partial<Components>,
    ignoreInvalidStyle: true,
  })
}

const checked = new WeakMap<Root, Root>()

/**
 * Page data is JSON, not trusted code: React would turn a property named
 * `dangerouslySetInnerHTML` into raw markup and `srcDoc` into a document that
 * runs script. The build's sanitizer never writes either (nor an `on*`
 * handler), so these only come from forged data: they are dropped before
 * React sees them. A clean tree is returned as is (and the answer is cached).
 */
export function withoutScriptProperties(tree: Root): Root {
  const known = checked.get(tree)
  if (known) return known
  const clean = hasScriptProperties(tree) ? (stripNode(tree) as Root) : tree
  checked.set(tree, clean)
  return clean
}

const isScriptProperty = (name: string) =>
  name === 'dangerouslySetInnerHTML' || /^srcdoc$/i.test(name) || /^on/i.test(name)

function hasScriptProperties(node: Root | RootContent): boolean {
  if (node.type === 'element' && Object.keys(node.properties ?? {}).some(isScriptProperty)) return true
  return 'children' in node && Array.isArray(node.children) && node.children.some(hasScriptProperties)
}

function stripNode(node: Root | RootContent): Root | RootContent {
  const children =
    'children' in node && Array.isArray(node.children) ? node.children.map((child) => stripNode(child)) : undefined
  if (node.type !== 'element') return children ? ({ ...node, children } as Root | RootContent) : node
  const properties = Object.fromEntries(
    Object.entries(node.properties ?? {}).filter(([name]) => !isScriptProperty(name)),
  )
  return { ...node, properties, children: (children ?? []) as Element['children'] }
}
