import os from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { SheafError } from '../errors.ts'
import { normalizeBase } from '../shared/routes.ts'
import type { ResolvedConfig } from './types.ts'
import { validateCspOption } from '../render/contentSecurityPolicy.ts'
import { validateHeadersOption } from './headersOption.ts'
import type { ComponentRegistry } from '../markdown/componentRegistry.ts'
import type { PluggableList } from 'unified'
import { defaultContainerTypes } from '../shared/containerTypes.ts'
import { configSchema } from './configSchema.ts'
import { fixSeparator, keyMark } from './schemaMessages.ts'
import { validateSiteComponents } from './siteComponentsOption.ts'

/**
 * Checks the shape of a loaded config (`unknown` at the edge) against configSchema.ts and applies
 * defaults. The first problem is reported, naming the field by its key path
 * (`theme.templates.doc`, `markdown.remarkPlugins[1]`), the file and the fix.
 */
export function validateConfig(value: unknown, root: string, configFile: string): ResolvedConfig {
  const file = path.relative(root, configFile) || configFile
  const fail = (field: string, problem: string, hint: string): never => {
    throw new SheafError(`The config field \`${field}\` ${problem}.`, { file, hint })
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new SheafError('The config file must default-export an object.', {
      file,
      hint: 'write `export default defineConfig({ title: "My docs", theme: { templates: { doc: "..." } } })`.',
    })
  }
  const checked = v.safeParse(configSchema, value, { abortEarly: true })
  if (!checked.success) {
    const issue = checked.issues[0]
    const [problem, hint = ''] = issue.message.split(fixSeparator)
    const lastKey = String(issue.path?.[issue.path.length - 1]?.key ?? '')
    return fail(keyPath(issue), problem, hint.replaceAll(keyMark, lastKey))
  }
  const config = checked.output
  const { theme, markdown } = config
  const resolveFromRoot = (relative: string) => path.resolve(root, relative)
  const siteComponents = validateSiteComponents((config as { components?: unknown }).components, root, fail)
  return {
    root,
    configFile,
    title: config.title,
    description: config.description ?? '',
    url: config.url.replace(/\/+$/, ''),
    icon: config.icon,
    logo: config.logo as ResolvedConfig['logo'],
    base: normalizeBase(config.base),
    lang: config.lang ?? 'en',
    outDir: resolveFromRoot(config.outDir ?? 'build'),
    publicDir: resolveFromRoot(config.publicDir ?? 'content/public'),
    theme: {
      layout: theme.layout === undefined ? undefined : resolveFromRoot(theme.layout),
      templates: Object.fromEntries(
        Object.entries(theme.templates).map(([name, modulePath]) => [name, resolveFromRoot(modulePath)]),
      ),
      styles: theme.styles.map(resolveFromRoot),
      ...(Object.keys(siteComponents.modules).length > 0 ? { siteComponents: siteComponents.modules } : {}),
    },
    themeConfig: config.themeConfig as ResolvedConfig['themeConfig'],
    markdown: {
      codeThemes: markdown.codeThemes ?? { light: 'github-light', dark: 'github-dark' },
      checkDeadLinks: markdown.checkDeadLinks !== false,
      sanitize: markdown.sanitize !== false,
      // Names a site adds to the built-in ones (the resolved list holds both).
      containerTypes: [...new Set([...defaultContainerTypes, ...(markdown.containerTypes ?? [])])],
      remarkPlugins: markdown.remarkPlugins as PluggableList,
      rehypePlugins: markdown.rehypePlugins as PluggableList,
      maxPageSize: markdown.maxPageSize,
      fragments: markdown.fragments ?? [],
      importAliases: markdown.importAliases ?? {},
      reservedIds: theme.reservedIds,
      contentClasses: theme.contentClasses,
      // The site's own components by tag (`site:Card`), beside the theme's (see shared/siteComponents.ts).
      components: { ...(theme.components as ComponentRegistry), ...siteComponents.registry },
    },
    // The tag names and attributes are checked where the tags are rendered (htmlShell.ts).
    head: config.head as unknown as ResolvedConfig['head'],
    links: { deadAnchors: config.links.deadAnchors ?? 'error' },
    plugins: config.plugins as ResolvedConfig['plugins'],
    devPort: config.devPort,
    previewPort: config.previewPort,
    buildConcurrency: config.buildConcurrency ?? os.availableParallelism(),
    csp: validateCspOption(config.csp, fail),
    headers: validateHeadersOption(config.headers, fail),
  }
}

/**
 * An issue's key path as written in a config: `theme.templates.doc`, `markdown.remarkPlugins[1]`,
 * `csp.directives["img-src"]`.
 */
function keyPath(issue: v.BaseIssue<unknown>): string {
  let out = ''
  for (const item of issue.path ?? []) {
    const key = item.key
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out || '(root)'
}
