import path from 'node:path'
import { SheafError } from '../errors.ts'
import { normalizeBase } from '../shared/routes.ts'
import type { ResolvedConfig } from './types.ts'
import { validateCspOption } from '../render/contentSecurityPolicy.ts'
import { defaultMaxPageSize } from '../markdown/pageSize.ts'
import type { ComponentRegistry } from '../markdown/remarkMdxComponents.ts'
import type { PluggableList } from 'unified'
import { defaultContainerTypes } from '../shared/containerTypes.ts'

/**
 * Checks the shape of a loaded config (`unknown` at the edge) and applies
 * defaults. Every error names the field, the file and the fix.
 */
export function validateConfig(value: unknown, root: string, configFile: string): ResolvedConfig {
  const file = path.relative(root, configFile) || configFile
  const fail = (field: string, problem: string, hint: string): never => {
    throw new SheafError(`The config field \`${field}\` ${problem}.`, { file, hint })
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new SheafError('The config file must default-export an object.', { file, hint: 'write `export default defineConfig({ title: "My docs", theme: { templates: { doc: "..." } } })`.' })
  }
  const config = value as Record<string, unknown>
  const optionalString = (field: string): string | undefined => {
    const fieldValue = config[field]
    if (fieldValue === undefined) return undefined
    if (typeof fieldValue !== 'string') fail(field, `must be a string, got ${JSON.stringify(fieldValue)}`, `write e.g. \`${field}: '...'\`.`)
    return fieldValue as string
  }
  const title = optionalString('title')
  if (!title) fail('title', 'is missing', "add `title: 'My docs'` to the config.")
  const base = optionalString('base') ?? '/'
  const siteUrl = optionalString('url')
  if (siteUrl !== undefined && siteUrl !== '' && !/^https?:\/\/[^/]+/.test(siteUrl)) fail('url', `must be an http(s) origin, got "${siteUrl}"`, "write e.g. `url: 'https://example.org'`.")
  if (/^[a-z]+:/i.test(base)) fail('base', `must be a path, got "${base}"`, "write a path such as `base: '/my-project/'`.")

  const theme = config.theme as Record<string, unknown> | undefined
  if (!theme || typeof theme !== 'object') fail('theme', 'is missing', "add `theme: { templates: { doc: 'site/theme/Doc.tsx' } }`.")
  const templates = (theme as Record<string, unknown>).templates
  if (!templates || typeof templates !== 'object' || Array.isArray(templates)) {
    fail('theme.templates', 'must be an object of template name -> module path', "write `templates: { doc: 'site/theme/Doc.tsx' }`.")
  }
  for (const [name, modulePath] of Object.entries(templates as Record<string, unknown>)) {
    if (typeof modulePath !== 'string') fail(`theme.templates.${name}`, 'must be a module path string', `write \`${name}: 'site/theme/${name}.tsx'\`.`)
  }
  const styles = (theme as Record<string, unknown>).styles ?? []
  if (!Array.isArray(styles) || !styles.every((entry) => typeof entry === 'string')) fail('theme.styles', 'must be an array of stylesheet paths', "write `styles: ['site/theme/styles.css']`.")
  const layout = (theme as Record<string, unknown>).layout
  if (layout !== undefined && typeof layout !== 'string') fail('theme.layout', 'must be a module path string', "write `layout: 'site/theme/Layout.tsx'`.")
  const reservedIds = (theme as Record<string, unknown>).reservedIds ?? []
  if (!Array.isArray(reservedIds) || !reservedIds.every((entry) => typeof entry === 'string')) fail('theme.reservedIds', 'must be an array of element ids', "write `reservedIds: ['content', 'sidebar']`.")

  const plugins = config.plugins ?? []
  if (!Array.isArray(plugins)) fail('plugins', 'must be an array', 'write `plugins: [sidebar(), search()]`.')
  const themeConfig = config.themeConfig ?? {}
  if (typeof themeConfig !== 'object' || Array.isArray(themeConfig)) fail('themeConfig', 'must be an object', 'write `themeConfig: { nav: [...] }`.')
  const port = (field: string, fallback: number): number => {
    const fieldValue = config[field] ?? fallback
    if (typeof fieldValue !== 'number' || !Number.isInteger(fieldValue) || fieldValue < 0 || fieldValue > 65535) {
      fail(field, `must be a port number, got ${JSON.stringify(fieldValue)}`, `write e.g. \`${field}: ${fallback}\`.`)
    }
    return fieldValue as number
  }
  const markdown = (config.markdown ?? {}) as Record<string, unknown>
  const resolveFromRoot = (relative: string) => path.resolve(root, relative)
  const logo = config.logo
  if (logo !== undefined && typeof logo !== 'string' && !(logo && typeof logo === 'object' && 'light' in logo && 'dark' in logo)) {
    fail('logo', 'must be a URL or `{ light, dark }`', "write `logo: '/logo.svg'`.")
  }
  const head = config.head ?? []
  if (!Array.isArray(head) || !head.every((tag) => tag && typeof tag === 'object' && typeof (tag as { tag?: unknown }).tag === 'string')) {
    fail('head', 'must be an array of `{ tag, attrs, children? }`', "write `head: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }]`.")
  }
  return {
    root,
    configFile,
    title: title as string,
    description: optionalString('description') ?? '',
    url: (optionalString('url') ?? '').replace(/\/+$/, ''),
    icon: optionalString('icon'),
    logo: logo as ResolvedConfig['logo'],
    base: normalizeBase(base),
    lang: optionalString('lang') ?? 'en',
    outDir: resolveFromRoot(optionalString('outDir') ?? 'build'),
    publicDir: resolveFromRoot(optionalString('publicDir') ?? 'content/public'),
    theme: {
      layout: typeof layout === 'string' ? resolveFromRoot(layout) : undefined,
      templates: Object.fromEntries(Object.entries(templates as Record<string, string>).map(([name, modulePath]) => [name, resolveFromRoot(modulePath)])),
      styles: (styles as string[]).map(resolveFromRoot),
    },
    themeConfig: themeConfig as ResolvedConfig['themeConfig'],
    markdown: {
      codeThemes: (markdown.codeThemes as { light: string; dark: string }) ?? { light: 'github-light', dark: 'github-dark' },
      checkDeadLinks: markdown.checkDeadLinks !== false,
      sanitize: markdown.sanitize !== false,
      containerTypes: validateContainerTypes(markdown.containerTypes, fail),
      remarkPlugins: validatePlugins(markdown.remarkPlugins, 'markdown.remarkPlugins', fail),
      rehypePlugins: validatePlugins(markdown.rehypePlugins, 'markdown.rehypePlugins', fail),
      maxPageSize: validateMaxPageSize(markdown.maxPageSize, fail),
      reservedIds: reservedIds as string[],
      components: validateComponents((theme as Record<string, unknown>).components, fail),
    },
    head: head as ResolvedConfig['head'],
    links: validateLinkOptions(config.links, fail),
    plugins: plugins as ResolvedConfig['plugins'],
    devPort: port('devPort', 5173),
    previewPort: port('previewPort', 4173),
    csp: validateCspOption(config.csp, fail),
  }
}

/** `markdown.containerTypes`: names added to the built-in ones (the resolved list holds both). */
function validateContainerTypes(value: unknown, fail: (key: string, problem: string, hint: string) => never): string[] {
  if (value === undefined) return [...defaultContainerTypes]
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string' && /^[a-z][\w-]*$/.test(entry))) {
    fail('markdown.containerTypes', 'must be an array of lowercase names (letters, digits, `-`, `_`)', "write e.g. `containerTypes: ['important']`.")
  }
  return [...new Set([...defaultContainerTypes, ...(value as string[])])]
}

/** `markdown.remarkPlugins` / `rehypePlugins`: unified plugins, each a function or `[function, options]`. */
function validatePlugins(value: unknown, key: string, fail: (key: string, problem: string, hint: string) => never): PluggableList {
  if (value === undefined) return []
  const example = `write e.g. \`${key.split('.')[1]}: [pluginA, [pluginB, { option: true }]]\` with the plugins imported at the top of the config.`
  if (!Array.isArray(value)) fail(key, 'must be an array of unified plugins', example)
  value.forEach((entry, index) => {
    const plugin = Array.isArray(entry) ? entry[0] : entry
    if (typeof plugin !== 'function') fail(`${key}[${index}]`, `must be a plugin function or [plugin, options], got ${JSON.stringify(entry)?.slice(0, 60) ?? typeof entry}`, example)
  })
  return value as PluggableList
}

const propTypes = ['string', 'number', 'boolean', 'array', 'object']

/** `theme.components`: component name -> prop name -> `{ type, required? }` (see remarkMdxComponents.ts). */
function validateComponents(value: unknown, fail: (key: string, problem: string, hint: string) => never): ComponentRegistry {
  if (value === undefined) return {}
  const example = "write `components: { Tab: { label: { type: 'string', required: true } } }`."
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('theme.components', 'must be an object of component name -> props', example)
  for (const [name, props] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) fail(`theme.components.${name}`, 'must be named like a React component (a capital letter, then letters and digits)', example)
    if (!props || typeof props !== 'object' || Array.isArray(props)) fail(`theme.components.${name}`, 'must be an object of prop name -> `{ type, required? }`', example)
    for (const [prop, spec] of Object.entries(props as Record<string, unknown>)) {
      const type = (spec as { type?: unknown } | null)?.type
      const types = Array.isArray(type) ? type : [type]
      if (types.length === 0 || !types.every((entry) => propTypes.includes(entry as string))) {
        fail(`theme.components.${name}.${prop}.type`, `must be one of ${propTypes.map((entry) => `'${entry}'`).join(', ')} (or an array of them), got ${JSON.stringify(type)}`, example)
      }
    }
  }
  return value as ComponentRegistry
}

/** `markdown.maxPageSize`: a positive whole number of bytes (default 2 MB, see engine/markdown/pageSize.ts). */
function validateMaxPageSize(value: unknown, fail: (field: string, problem: string, hint: string) => never): number {
  if (value === undefined) return defaultMaxPageSize
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    fail('markdown.maxPageSize', `must be a positive whole number of bytes, got ${JSON.stringify(value)}`, 'write e.g. `markdown: { maxPageSize: 4 * 1024 * 1024 }`.')
  }
  return value as number
}

/** `links`: `{ deadAnchors: 'warn' | 'error' }` (default 'error'). */
function validateLinkOptions(value: unknown, fail: (field: string, problem: string, hint: string) => never): ResolvedConfig['links'] {
  if (value === undefined) return { deadAnchors: 'error' }
  const deadAnchors = (value as { deadAnchors?: unknown } | null)?.deadAnchors ?? 'error'
  if (!value || typeof value !== 'object' || Array.isArray(value) || (deadAnchors !== 'warn' && deadAnchors !== 'error')) {
    fail('links', `must be \`{ deadAnchors: 'warn' | 'error' }\`, got ${JSON.stringify(value)}`, "write e.g. `links: { deadAnchors: 'warn' }`.")
  }
  return { deadAnchors: deadAnchors as 'warn' | 'error' }
}
