import * as helmetNamespace from 'react-helmet-async'

type HelmetModule = typeof helmetNamespace

/**
 * react-helmet-async's `Helmet` and `HelmetProvider`, one instance for the engine and the theme.
 *
 * Why the indirection: the package has no `exports` map; Node's ES loader takes its CommonJS
 * `main` and sees only a `default` export (the server render), while Vite and esbuild take its
 * ES build (`module`) with named exports (the client bundle, tests). Both shapes land here.
 */
// Note: `Reflect.get`, not `.default`: the client bundler warns about a `default` the ES build lacks.
const helmetModule: HelmetModule =
  (Reflect.get(helmetNamespace, 'default') as HelmetModule | undefined) ?? helmetNamespace

export const Helmet = helmetModule.Helmet
export const HelmetProvider = helmetModule.HelmetProvider
export type { HelmetProps, HelmetServerState } from 'react-helmet-async'
