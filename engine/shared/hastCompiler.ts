import { createContext, type ReactNode } from 'react'
import type { Root } from 'hast'
import type { Options } from 'hast-util-to-jsx-runtime'

/** Turns a page body into React with the given JSX runtime and components. */
export type HastCompiler = (tree: Root, options: Options) => ReactNode

/**
 * The hast -> React compiler HastContent uses; null: hastToReact (hastToReact.ts).
 * The server render provides rehype-react (engine/render/rehypeReactCompiler.ts), built on
 * hast-util-to-jsx-runtime; the client keeps hastToReact, which makes the same tree for the
 * bodies Sheaf builds in 1 KB gzip instead of 9.5 (rehype-react also pulls in unified: 4.2 KB
 * gzip, see ADR 7). tests/unit/engine/shared/hastToReact.test.ts holds them equal.
 */
export const HastCompilerContext = createContext<HastCompiler | null>(null)
