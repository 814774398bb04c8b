import { createContext, type ReactNode } from 'react'
import type { Root } from 'hast'
import type { Options } from 'hast-util-to-jsx-runtime'

/** Turns a page body into React with the given JSX runtime and components. */
export type HastCompiler = (tree: Root, options: Options) => ReactNode

/**
 * The hast -> React compiler HastContent uses; null: hast-util-to-jsx-runtime directly.
 * The server render provides rehype-react (engine/render/rehypeReactCompiler.ts), which is
 * built on that same function, so server and client trees are identical; the client keeps
 * the plain function (rehype-react pulls in unified: 4.2 KB gzip, see ADR 7).
 */
export const HastCompilerContext = createContext<HastCompiler | null>(null)
