import type { Root } from 'hast'
import rehypeReact, { type Options as RehypeReactOptions } from 'rehype-react'
import { unified } from 'unified'
import type { HastCompiler } from '../shared/hastCompiler.ts'

type Compile = (tree: Root) => ReturnType<HastCompiler>

/**
 * The server's hast -> React compiler: a unified processor with rehype-react as its
 * compiler. HastContent passes its JSX runtime (the theme's React) and components map,
 * the same for every page, so one processor per pair is made on first use and kept.
 */
export function createRehypeReactCompiler(): HastCompiler {
  const byRuntime = new WeakMap<object, WeakMap<object, Compile>>()
  const noComponents = {}
  return (tree, options) => {
    const runtime = (options as { jsx?: object }).jsx ?? noComponents
    const components = (options.components as object | undefined) ?? noComponents
    let byComponents = byRuntime.get(runtime)
    if (!byComponents) byRuntime.set(runtime, (byComponents = new WeakMap()))
    let compile = byComponents.get(components)
    if (!compile) {
      const processor = unified().use(rehypeReact, options as RehypeReactOptions)
      compile = (body) => processor.stringify(body) as ReturnType<HastCompiler>
      byComponents.set(components, compile)
    }
    return compile(tree)
  }
}
