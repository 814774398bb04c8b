import type { ComponentType } from 'react'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isSheafError, SheafError } from '../errors.ts'
import type { AppProps } from '../shared/App.tsx'
import type { LayoutProps, TemplateProps } from '../shared/types.ts'
import { siteComponentTag, type SiteComponents } from '../shared/siteComponents.ts'
import type { SiteComponentModule } from '../config/types.ts'

/** Imports a module by absolute path (the theme bundle's in builds, Vite's ssrLoadModule in dev). */
export type ModuleImporter = (file: string) => Promise<Record<string, unknown>>

export const runtimeFile = fileURLToPath(new URL('../shared/index.ts', import.meta.url))

export interface TemplateModule {
  name: string
  file: string
  component: ComponentType<TemplateProps>
  query?: string
}

export interface LoadedTheme {
  /** The runtime's root component, from the same module graph as the theme (so contexts match). */
  App: ComponentType<AppProps>
  templates: Map<string, TemplateModule>
  layout?: { file: string; component: ComponentType<LayoutProps>; query?: string }
  /** The site's own MDX components by tag (`site:Card`): the config's `components`, when it has any. */
  siteComponents?: SiteComponents
}

/** Imports the theme's templates and layout for server rendering. */
export async function loadTheme(
  root: string,
  theme: { layout?: string; templates: Record<string, string>; siteComponents?: Record<string, SiteComponentModule> },
  importer: ModuleImporter,
): Promise<LoadedTheme> {
  const templates = new Map<string, TemplateModule>()
  const runtime = await importer(runtimeFile)
  for (const [name, file] of Object.entries(theme.templates)) {
    const loaded = await importModule(root, file, importer)
    templates.set(name, {
      name,
      file,
      component: loaded.default as ComponentType<TemplateProps>,
      query: loaded.query as string | undefined,
    })
  }
  let layout: LoadedTheme['layout']
  if (theme.layout) {
    const loaded = await importModule(root, theme.layout, importer)
    layout = {
      file: theme.layout,
      component: loaded.default as ComponentType<LayoutProps>,
      query: loaded.query as string | undefined,
    }
  }
  const siteComponents = theme.siteComponents
    ? await loadSiteComponents(root, theme.siteComponents, importer)
    : undefined
  return {
    App: runtime.App as ComponentType<AppProps>,
    templates,
    layout,
    ...(siteComponents ? { siteComponents } : {}),
  }
}

/**
 * Imports each of the site's own components (bundled with the theme), by its tag; an export that is no component fails
 * with its name.
 */
async function loadSiteComponents(
  root: string,
  modules: Record<string, SiteComponentModule>,
  importer: ModuleImporter,
): Promise<SiteComponents> {
  const components: Record<string, SiteComponents[string]> = {}
  for (const [name, { file, export: exported }] of Object.entries(modules)) {
    const relative = path.relative(root, file)
    let loaded: Record<string, unknown>
    try {
      loaded = await importer(file)
    } catch (error) {
      if (isSheafError(error)) throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new SheafError(`The site component \`${name}\` could not be loaded: ${message}`, {
        file: relative,
        hint: `check \`components.${name}.module\` in the config and the module itself.`,
        cause: error,
      })
    }
    const component = loaded[exported]
    // A function component, or what memo/forwardRef/lazy make (an object React renders).
    if (typeof component !== 'function' && !(component && typeof component === 'object' && '$$typeof' in component)) {
      throw new SheafError(
        `The site component \`${name}\`: its module has no component as its \`${exported}\` export.`,
        {
          file: relative,
          hint:
            `export the component (\`export default function ${name}() { ... }\`), ` +
            `or name its export in the config: \`components: { ${name}: { module: '...', export: '${name}' } }\`.`,
        },
      )
    }
    components[siteComponentTag(name)] = component as SiteComponents[string]
  }
  return components
}

async function importModule(root: string, file: string, importer: ModuleImporter): Promise<Record<string, unknown>> {
  const relative = path.relative(root, file)
  let loaded: Record<string, unknown>
  try {
    loaded = await importer(file)
  } catch (error) {
    if (isSheafError(error)) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The theme module could not be loaded: ${message}`, {
      file: relative,
      hint: 'check the path in `theme` in the config and the module itself.',
      cause: error,
    })
  }
  if (typeof loaded.default !== 'function') {
    throw new SheafError('A theme module must default-export a React component.', {
      file: relative,
      hint: 'write `export default function Doc({ data }) { ... }`.',
    })
  }
  // A module may load code it renders lazily in the browser (a chunk per rarely used component):
  // renderToString cannot wait for it, so the server awaits the module's `prepare()` first.
  if (loaded.prepare !== undefined) {
    if (typeof loaded.prepare !== 'function') {
      throw new SheafError("A theme module's `prepare` export must be a function returning a promise.", {
        file: relative,
        hint: "write `export async function prepare() { await import('./Heavy.tsx') }`, or remove the export.",
      })
    }
    await (loaded.prepare as () => Promise<unknown>)()
  }
  if (loaded.query !== undefined && typeof loaded.query !== 'string') {
    throw new SheafError("A template's `query` export must be a GraphQL string.", {
      file: relative,
      hint: 'write `export const query = `query ($path: String!) { page(path: $path) { title } }``.',
    })
  }
  return loaded
}
