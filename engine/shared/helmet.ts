import * as helmetNamespace from 'react-helmet-async'

type HelmetModule = typeof helmetNamespace

/**
 * react-helmet-async's `Helmet` and `HelmetProvider`, one instance for the engine and the theme.
 *
 * Why the indirection: the package has no `exports` map; Node's ES loader takes its CommonJS
 * `main` and sees only a `default` export (the server render), while Vite and esbuild take its
 * ES build (`module`) with named exports (the client bundle, tests). Both shapes land here.
 */
const helmetModule: HelmetModule = (helmetNamespace as HelmetModule & { default?: HelmetModule }).default ?? helmetNamespace

export const Helmet = helmetModule.Helmet
export const HelmetProvider = helmetModule.HelmetProvider
export type { HelmetProps, HelmetServerState } from 'react-helmet-async'
