import fs from 'node:fs'
import path from 'node:path'

const basic = path.resolve(import.meta.dirname, 'fixtures/basic')

/**
 * Copies the basic fixture site to `to`, a test's own site, without any build output or cache in
 * it. Its files keep their times, as a checkout's do: a file saved just before a bundle is never
 * taken as unchanged (see bundleInputs.ts), so fresh times would make every kept bundle stale.
 */
export function copyBasicFixture(to: string): void {
  fs.cpSync(basic, to, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !/[/\\](build|\.sheaf|\.sheaf-cache|\.e2e-[^/\\]*)$/.test(source),
  })
}

/**
 * Adds plugins to a copied fixture's config, after its `files` plugin, and a site url (social
 * cards and llms twins need one): `{ sidebar: 'sidebar()', 'social-cards': 'socialCards()' }`,
 * each imported from `sheaf/plugins/<key>` under the name its call uses.
 */
export function addFixturePlugins(site: string, plugins: Record<string, string>): void {
  const config = path.join(site, 'site/config.ts')
  const filesImport = "import { files } from 'sheaf/plugins/files'"
  const imports = Object.entries(plugins).map(
    ([dir, call]) => `import { ${call.slice(0, call.indexOf('('))} } from 'sheaf/plugins/${dir}'`,
  )
  const source = fs.readFileSync(config, 'utf8')
  fs.writeFileSync(
    config,
    source
      .replace(filesImport, [filesImport, ...imports].join('\n'))
      .replace(
        "plugins: [files({ dir: 'content' })]",
        `url: 'https://example.org',\n  plugins: [files({ dir: 'content' }), ${Object.values(plugins).join(', ')}]`,
      ),
  )
}
