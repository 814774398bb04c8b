import type { PluginCall, TranslatedConfig } from './translateConfig.ts'

/**
 * The new site's `site/config.ts`: the translated fields as literals, the default theme (with
 * the copied global stylesheets after its own) and the plugin calls, each imported by name.
 */
export function configSource(config: TranslatedConfig): string {
  const imports = [
    `import { defineConfig } from 'sheaf'`,
    ...config.plugins.map((plugin) => `import { ${plugin.name} } from 'sheaf/plugins/${plugin.module}'`),
    `import { themeModules } from 'sheaf/theme'`,
  ]
  const { title, description, base, lang, icon, logo, publicDir, themeConfig, markdown, links, ...rest } = config.fields
  const ordered = { title, description, base, lang, icon, logo, publicDir }
  const lines: string[] = []
  for (const [key, value] of Object.entries(ordered))
    if (value !== undefined) lines.push(`  ${key}: ${literal(value, 1)},`)
  lines.push(
    config.styles.length > 0
      ? `  theme: { ...theme, styles: [...(theme.styles ?? ` +
          `[]), ${config.styles.map((style) => literal(style.to, 0)).join(', ')}] },`
      : '  theme,',
  )
  for (const [key, value] of Object.entries({ themeConfig, markdown, links, ...rest }))
    if (value !== undefined) lines.push(`  ${key}: ${literal(value, 1)},`)
  lines.push('  plugins: [')
  for (const plugin of config.plugins) lines.push(`    ${pluginCall(plugin)},`)
  lines.push('  ],')
  return `// Written by \`sheaf migrate rspress\` from rspress.config.ts: what it could not translate is
// listed in MIGRATION.md.
${imports.join('\n')}

const theme = themeModules()

export default defineConfig({
${lines.join('\n')}
})
`
}

function pluginCall(plugin: PluginCall): string {
  return `${plugin.name}(${plugin.options ? literal(plugin.options, 2) : ''})`
}

/** A JSON value as TypeScript source: identifier keys unquoted, indented two spaces a level. */
function literal(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth)
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const inline = `[${value.map((entry) => literal(entry, 0)).join(', ')}]`
    if (inline.length <= 80 && !inline.includes('\n')) return inline
    return `[\n${value.map((entry) => `${pad}  ${literal(entry, depth + 1)},`).join('\n')}\n${pad}]`
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined)
    if (entries.length === 0) return '{}'
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))
    const inline = `{ ${entries.map(([name, entry]) => `${key(name)}: ${literal(entry, 0)}`).join(', ')} }`
    if (inline.length <= 80 && !inline.includes('\n')) return inline
    const lines = entries.map(([name, entry]) => `${pad}  ${key(name)}: ${literal(entry, depth + 1)},`)
    return `{\n${lines.join('\n')}\n${pad}}`
  }
  return typeof value === 'string'
    ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
    : JSON.stringify(value)
}
