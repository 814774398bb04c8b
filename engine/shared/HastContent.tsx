import type { Root } from 'hast'
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'

export interface HastContentProps {
  /** A page body (hast JSON from the page data). */
  tree: Root
  /** Tag name -> component, e.g. `{ 'code-block': CodeBlock, a: ContentLink }`. */
  components?: Partial<Components> & Record<string, unknown>
}

/** Turns a page body into React. The same function runs on server and client, so hydration matches. */
export function HastContent({ tree, components }: HastContentProps) {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components: components as Partial<Components>, ignoreInvalidStyle: true })
}
