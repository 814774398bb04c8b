import fs from 'node:fs'
import path from 'node:path'

/** What a site's own templates import besides Sheaf. */
const peers = ['react', 'react-dom'] as const

/**
 * A new site's package.json. React is a peer dependency of the site, at the version Sheaf renders
 * with, and optional: the build and the client resolve a site module's `react` from Sheaf (see
 * loading/siteModules.ts and bundle/sharedReact.ts), so a template of the site needs no install of
 * its own, runs under the one React that renders it, and `sheaf dev` finds every dependency it
 * pre-bundles. `typegen` and `typecheck` type its templates' queries as this repository's are.
 */
export function sitePackage(name: string, sheafPath: string, sheafRoot: string): string {
  const engine = JSON.parse(fs.readFileSync(path.join(sheafRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const versionOf = (dependency: string) =>
    engine.dependencies?.[dependency] ?? engine.devDependencies?.[dependency] ?? '*'
  return `${JSON.stringify(
    {
      name,
      private: true,
      type: 'module',
      scripts: {
        dev: 'sheaf dev',
        build: 'sheaf build',
        preview: 'sheaf preview',
        typegen: 'sheaf typegen',
        typecheck: 'sheaf typecheck',
      },
      dependencies: { sheaf: `file:${sheafPath.split(path.sep).join('/')}` },
      peerDependencies: Object.fromEntries(peers.map((peer) => [peer, versionOf(peer)])),
      peerDependenciesMeta: Object.fromEntries(peers.map((peer) => [peer, { optional: true }])),
    },
    null,
    2,
  )}\n`
}

/**
 * The site's tsconfig: its config, plugins and templates checked against Sheaf's declarations.
 * React's and Node's types come from the site when it installs them, else from Sheaf's checkout
 * (`node_modules/sheaf/node_modules`, where `npm install` of a `file:` dependency leaves them).
 */
const fromSheaf = './node_modules/sheaf/node_modules'
export const siteTsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      isolatedModules: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: ['./node_modules/@types', `${fromSheaf}/@types`],
      paths: {
        react: ['./node_modules/@types/react', `${fromSheaf}/@types/react`],
        'react/*': ['./node_modules/@types/react/*', `${fromSheaf}/@types/react/*`],
        'react-dom': ['./node_modules/@types/react-dom', `${fromSheaf}/@types/react-dom`],
        'react-dom/*': ['./node_modules/@types/react-dom/*', `${fromSheaf}/@types/react-dom/*`],
      },
    },
    include: ['site'],
  },
  null,
  2,
)}\n`
