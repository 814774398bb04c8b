import type { SiteComponent } from './siteComponents.ts'

/** MIGRATION.md's "Site components" section (empty without any). */
export function siteComponentsSection(components: readonly SiteComponent[]): string {
  if (components.length === 0) return ''
  const rows = components.map((component) => {
    const mapped = component.runtime.mapped.map((name) => `\`${name}\``).join(', ')
    const registered = Object.keys(component.registered)
    const as = component.names.map((name) => `\`${name}\``).join(', ')
    const where = `(as ${as}; imported by ${component.importedBy.map((place) => `\`${place}\``).join(', ')})`
    const runtime = mapped ? `. Rspress runtime from \`sheaf/runtime/rspress\`: ${mapped}` : ''
    const names = registered.map((name) => `\`${name}\``).join(', ')
    const why = component.blockers.join('; ')
    const state = registered.length > 0 ? `. Registered as ${names}` : `. **Not registered:** ${why}`
    return `- \`${component.file}\` -> \`${component.copiedTo}\` ${where}${runtime}${state}`
  })
  return `## Site components

The MDX pages import these components of the site's own code. Each was copied into the new site
with the site files it imports (their imports pointed at the copies, Rspress's runtime at
\`sheaf/runtime/rspress\`) and registered in \`components\` of site/config.ts, so its pages build as
they are. One that is not registered says why; its pages are listed under "Content to change"
until it is changed and added to \`components\`.

${rows.join('\n')}

`
}
