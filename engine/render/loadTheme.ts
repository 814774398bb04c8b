import type { ComponentType } from 'react'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SheafError } from '../errors.ts'
import type { LayoutProps, TemplateProps } from '../shared/types.ts'

export interface TemplateModule {
  name: string
  file: string
  component: ComponentType<TemplateProps>
  query?: string
}

export interface LoadedTheme {
  templates: Map<string, TemplateModule>
  layout?: { file: string; component: ComponentType<LayoutProps>; query?: string }
}

/** Imports the theme's templates and layout for server rendering. */
export async function loadTheme(root: string, theme: { layout?: string; templates: Record<string, string> }, bust = ''): Promise<LoadedTheme> {
  const templates = new Map<string, TemplateModule>()
  for (const [name, file] of Object.entries(theme.templates)) {
    const loaded = await importModule(root, file, bust)
    templates.set(name, { name, file, component: loaded.default as ComponentType<TemplateProps>, query: loaded.query as string | undefined })
  }
  let layout: LoadedTheme['layout']
  if (theme.layout) {
    const loaded = await importModule(root, theme.layout, bust)
    layout = { file: theme.layout, component: loaded.default as ComponentType<LayoutProps>, query: loaded.query as string | undefined }
  }
  return { templates, layout }
}

async function importModule(root: string, file: string, bust: string): Promise<Record<string, unknown>> {
  const relative = path.relative(root, file)
  let loaded: Record<string, unknown>
  try {
    loaded = await import(pathToFileURL(file).href + bust)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The theme module could not be loaded: ${message}`, { file: relative, hint: 'check the path in `theme` in the config and the module itself.', cause: error })
  }
  if (typeof loaded.default !== 'function') {
    throw new SheafError('A theme module must default-export a React component.', { file: relative, hint: 'write `export default function Doc({ data }) { ... }`.' })
  }
  if (loaded.query !== undefined && typeof loaded.query !== 'string') {
    throw new SheafError('A template\'s `query` export must be a GraphQL string.', { file: relative, hint: 'write `export const query = `query ($path: String!) { page(path: $path) { title } }``.' })
  }
  return loaded
}
