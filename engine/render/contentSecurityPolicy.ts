import { createHash } from 'node:crypto'
import { SheafError } from '../errors.ts'
import type { HeadTag, Plugin } from '../plugins/types.ts'
import { assetScriptDirectives } from './assetScriptPolicy.ts'
import { svgPathPattern, svgPolicy } from './svgPolicy.ts'

/**
 * The Content-Security-Policy a build ships: a `<meta http-equiv>` in every page, and a
 * `_headers` file (Netlify/Cloudflare format) for hosts that read one; `sheaf preview` sends
 * the latter.
 *
 * Inline scripts are allowed by their sha256 hash, and only those of the site's own `head`
 * config and of plugins' `headTags`: those come from trusted code. A script in the rendered
 * body or from page data is never hashed, so markup that got past the sanitizer still cannot
 * run (that is what the policy is for).
 */

/** Directive name -> sources, e.g. `{ 'script-src': ["'self'"] }`. */
export type CspDirectives = Record<string, readonly string[]>

/**
 * The config's `csp` field: `false` ships no policy; a directive named here replaces the default one, `false` removes
 * it.
 */
export type CspOption = false | { directives?: Record<string, readonly string[] | false> }

/**
 * The default policy. `style-src` keeps `'unsafe-inline'`: highlighted code carries its token
 * colours in `style` attributes (`--shiki-light`/`--shiki-dark`), in the HTML and in the markup a
 * client navigation inserts, so hashes cannot cover them. Styles cannot run script.
 * `frame-ancestors` cannot be set from a `<meta>`; it goes only into `_headers`.
 */
export const defaultCspDirectives: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
}

/** Directives a `<meta>` policy cannot carry (browsers ignore them there and warn). */
const headerOnlyDirectives = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox'])

const directiveNameRE = /^[a-z][a-z-]*$/
// A source never holds whitespace, `;` or `,`: those would start another directive or policy.
const sourceRE = /^[^\s;,]+$/

/** Checks the config's `csp` field; `fail(field, problem, hint)` throws the located config error. */
export function validateCspOption(
  value: unknown,
  fail: (field: string, problem: string, hint: string) => never,
): false | CspDirectives {
  if (value === false) return false
  if (value === undefined || value === true) return defaultCspDirectives
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return fail(
      'csp',
      `must be \`false\` or \`{ directives }\`, got ${JSON.stringify(value)}`,
      "write e.g. `csp: { directives: { 'img-src': [\"'self'\", 'https:'] } }`, or `csp: false`.",
    )
  const { directives = {}, ...rest } = value as { directives?: unknown }
  for (const key of Object.keys(rest)) fail(`csp.${key}`, 'is not a known option', 'the only option is `directives`.')
  if (!directives || typeof directives !== 'object' || Array.isArray(directives))
    return fail(
      'csp.directives',
      'must be an object of directive name -> sources',
      "write e.g. `directives: { 'img-src': [\"'self'\", 'https:'] }`.",
    )
  const resolved: Record<string, readonly string[]> = { ...defaultCspDirectives }
  for (const [name, sources] of Object.entries(directives as Record<string, unknown>)) {
    if (!directiveNameRE.test(name))
      fail(`csp.directives["${name}"]`, 'is not a directive name', "use a CSP directive such as `'img-src'`.")
    if (sources === false) {
      delete resolved[name]
      continue
    }
    if (!Array.isArray(sources) || !sources.every((source) => typeof source === 'string' && sourceRE.test(source))) {
      fail(
        `csp.directives["${name}"]`,
        `must be an array of sources (no spaces, \`;\` or \`,\`) or \`false\`, got ${JSON.stringify(sources)}`,
        `write e.g. \`'${name}': ["'self'", 'https://cdn.example.org']\`.`,
      )
    }
    resolved[name] = [...(sources as string[])]
  }
  return resolved
}

/** Checks one plugin's `csp` field (sources it adds); throws a SheafError naming the plugin. */
function pluginSources(plugin: Plugin): Record<string, readonly string[]> {
  const value: unknown = plugin.csp
  if (value === undefined) return {}
  const valid =
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([name, sources]) =>
        directiveNameRE.test(name) &&
        Array.isArray(sources) &&
        sources.every((source) => typeof source === 'string' && sourceRE.test(source)),
    )
  if (!valid) {
    throw new SheafError(
      `The plugin's \`csp\` field must be an object of directive name -> sources, got ${JSON.stringify(value)}.`,
      { plugin: plugin.name, hint: "write e.g. `csp: { 'script-src': ['https://cdn.example.org'] }`." },
    )
  }
  return value as Record<string, readonly string[]>
}

const sitePolicies = new WeakMap<readonly Plugin[], CspDirectives>()

/** The config's directives with every plugin's added sources (computed once per plugin list). */
export function sitePolicy(directives: CspDirectives, plugins: readonly Plugin[]): CspDirectives {
  const known = sitePolicies.get(plugins)
  if (known) return known
  const merged: Record<string, string[]> = Object.fromEntries(
    Object.entries(directives).map(([name, sources]) => [name, [...sources]]),
  )
  for (const plugin of plugins) {
    for (const [name, sources] of Object.entries(pluginSources(plugin))) {
      // A plugin's source for a directive the site left to `default-src` starts from what that allowed.
      const target = (merged[name] ??= [...(merged['default-src'] ?? [])])
      for (const source of sources) if (!target.includes(source)) target.push(source)
    }
  }
  sitePolicies.set(plugins, merged)
  return merged
}

/** Script `type`s that are data, not code: they need no hash (an import map and speculation rules do). */
function isExecutableScript(attrs: HeadTag['attrs']): boolean {
  if (attrs.src !== undefined && attrs.src !== false) return false
  const type = typeof attrs.type === 'string' ? attrs.type.trim().toLowerCase() : ''
  return (
    type === '' ||
    type === 'module' ||
    type === 'importmap' ||
    type === 'speculationrules' ||
    /^(text|application)\/(x-)?(java|ecma)script$|^text\/(jscript|livescript)$/.test(type)
  )
}

/**
 * The text a browser hashes: the element's content as written (see renderHeadTag), newlines normalized as the HTML
 * parser does.
 */
function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`
}

/** The `script-src` and `style-src` hashes of the inline scripts and styles among these head tags. */
export function inlineHashes(
  tags: readonly HeadTag[],
  renderChildren: (tag: HeadTag) => string,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const tag of tags) {
    if (tag.tag === 'script' && isExecutableScript(tag.attrs)) scripts.add(hashOf(renderChildren(tag)))
    else if (tag.tag === 'style') styles.add(hashOf(renderChildren(tag)))
  }
  return { scripts: [...scripts], styles: [...styles] }
}

/**
 * The policy text for a page or a site: the directives with the inline hashes added. A directive
 * that allows `'unsafe-inline'` gets no hashes (a hash would make the browser ignore it).
 */
export function policyText(
  directives: CspDirectives,
  hashes: { scripts: readonly string[]; styles: readonly string[] },
  target: 'meta' | 'header',
): string {
  const parts: string[] = []
  for (const [name, listed] of Object.entries(directives)) {
    if (target === 'meta' && headerOnlyDirectives.has(name)) continue
    // A path names a file of the site's own origin, which `'self'` covers here; CSP has no bare paths
    // (assetScriptPolicy.ts narrows to them).
    const declared = listed.filter((source) => !source.startsWith('/'))
    const added = name === 'script-src' ? hashes.scripts : name === 'style-src' ? hashes.styles : []
    const sources = declared.includes("'unsafe-inline'")
      ? declared
      : [...declared, ...added.filter((hash) => !declared.includes(hash))]
    parts.push(sources.length ? `${name} ${sources.join(' ')}` : name)
  }
  // Inline code with no directive of its own falls under default-src, which then needs the hashes.
  if (!directives['script-src'] && hashes.scripts.length && directives['default-src'])
    parts.push(`script-src ${[...directives['default-src'], ...hashes.scripts].join(' ')}`)
  if (
    !directives['style-src'] &&
    hashes.styles.length &&
    directives['default-src'] &&
    !directives['default-src'].includes("'unsafe-inline'")
  )
    parts.push(`style-src ${[...directives['default-src'], ...hashes.styles].join(' ')}`)
  return parts.join('; ')
}

/**
 * The `_headers` file: one rule for every path, with the union of every page's hashes (a
 * per-page list would run past the rule limits of hosts that read the file), the second policy
 * that keeps scripts to the build's assets (assetScriptPolicy.ts) and `nosniff` (a host must not
 * guess a script or a page out of a data file); one for SVGs, which never run script
 * (svgPolicy.ts). `leading` is the config's own rules (`headers`): they come first and are kept.
 */
export function headersFile(
  directives: CspDirectives | false,
  tagLists: Iterable<readonly HeadTag[]>,
  renderChildren: (tag: HeadTag) => string,
  options: { assetsPath?: string; leading?: string } = {},
): string {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const tags of tagLists) {
    const hashes = inlineHashes(tags, renderChildren)
    for (const hash of hashes.scripts) scripts.add(hash)
    for (const hash of hashes.styles) styles.add(hash)
  }
  const hashes = { scripts: [...scripts], styles: [...styles] }
  const assetPolicy = directives && options.assetsPath ? assetScriptDirectives(directives, options.assetsPath) : null
  const policies = directives
    ? [directives, ...(assetPolicy ? [assetPolicy] : [])].map(
        (policy) => `  Content-Security-Policy: ${policyText(policy, hashes, 'header')}`,
      )
    : []
  const rules = [
    [
      '# Content-Security-Policy of every page (sheaf build; see docs/configuration.md, `csp`).',
      '/*',
      ...policies,
      '  X-Content-Type-Options: nosniff',
    ],
    [
      '# SVGs draw and never run script (see docs/security.md, the public folder).',
      svgPathPattern,
      `  Content-Security-Policy: ${svgPolicy}`,
    ],
  ].map((lines) => lines.join('\n'))
  const text = `${rules.join('\n\n')}\n`
  return options.leading ? `${options.leading.replace(/\n*$/, '\n\n')}${text}` : text
}
