import fs from 'node:fs'
import path from 'node:path'
import type { ComponentRegistry, PropSpec, PropType } from '../markdown/componentRegistry.ts'
import { siteComponentTag } from '../shared/siteComponents.ts'
import type { SiteComponentModule } from './types.ts'

/** The config's `components`, resolved: the modules the render imports, the props the markdown pipeline checks. */
export interface SiteComponentsResolved {
  modules: Record<string, SiteComponentModule>
  /** `site:Card` -> its declared props, or `openProps` when it declares none. */
  registry: ComponentRegistry
}

type Fail = (field: string, problem: string, hint: string) => never

const propTypes: readonly PropType[] = ['string', 'number', 'boolean', 'array', 'object']

/**
 * The registry entry of a component that declares no props: any prop, each a literal. `*` is
 * no prop name a page can write, so it never meets a real one (checkComponentProps.ts reads it).
 */
export const openProps: Readonly<Record<string, PropSpec>> = { '*': { type: propTypes } }

const example = "write e.g. `components: { Card: { module: 'site/components/Card.tsx' } }`."
const propsExample =
  "write e.g. `props: { title: { type: 'string', required: true } }`, or leave `props` out to take any literal prop."
const got = (value: unknown) => JSON.stringify(value) ?? typeof value

/**
 * Checks the config's `components` (the site's own MDX components): each a React-like name, a
 * module that exists (from the site root), an export name and, optionally, declared props.
 * `fail(field, problem, hint)` throws the located config error.
 */
export function validateSiteComponents(value: unknown, root: string, fail: Fail): SiteComponentsResolved {
  const modules: Record<string, SiteComponentModule> = {}
  const registry: Record<string, Readonly<Record<string, PropSpec>>> = {}
  if (value === undefined) return { modules, registry }
  if (!isObject(value)) {
    const problem = `must be an object of component name -> \`{ module, export?, props? }\`, got ${got(value)}`
    return fail('components', problem, example)
  }
  for (const [name, option] of Object.entries(value)) {
    const field = `components.${name}`
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
      const problem = 'must be named like a React component (a capital letter, then letters and digits)'
      fail(`components["${name}"]`, problem, example)
    }
    if (!isObject(option)) return fail(field, 'must be `{ module, export?, props? }`', example)
    const { module, export: exported = 'default', props, ...rest } = option
    for (const key of Object.keys(rest)) {
      fail(`${field}.${key}`, 'is not a known option', 'a site component has `module`, `export` and `props`.')
    }
    modules[name] = { file: moduleFile(module, root, field, name, fail), export: exportName(exported, field, fail) }
    registry[siteComponentTag(name)] = props === undefined ? openProps : checkProps(props, `${field}.props`, fail)
  }
  return { modules, registry }
}

function moduleFile(module: unknown, root: string, field: string, name: string, fail: Fail): string {
  if (typeof module !== 'string' || module === '') {
    const hint = `write e.g. \`module: 'site/components/${name}.tsx'\`.`
    return fail(`${field}.module`, `must be a module path from the site root, got ${got(module)}`, hint)
  }
  const file = path.resolve(root, module)
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    const hint = "give the path of the component's module from the site root, with its extension."
    fail(`${field}.module`, `names \`${module}\`, which is not a file`, hint)
  }
  return file
}

function exportName(exported: unknown, field: string, fail: Fail): string {
  if (typeof exported !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(exported)) {
    const hint = "write `export: 'default'` (the default) or the component's name, e.g. `export: 'Card'`."
    return fail(`${field}.export`, `must be the name of an export, got ${got(exported)}`, hint)
  }
  return exported
}

function checkProps(value: unknown, field: string, fail: Fail): Record<string, PropSpec> {
  if (!isObject(value)) return fail(field, 'must be an object of prop name -> `{ type, required? }`', propsExample)
  const out: Record<string, PropSpec> = {}
  for (const [prop, spec] of Object.entries(value)) {
    if (!isObject(spec)) return fail(`${field}.${prop}`, 'must be `{ type, required? }`', propsExample)
    const types = Array.isArray(spec.type) ? spec.type : [spec.type]
    if (types.length === 0 || !types.every((type) => propTypes.includes(type as PropType))) {
      const known = propTypes.map((type) => `'${type}'`).join(', ')
      const problem = `must be one of ${known} (or an array of them), got ${JSON.stringify(spec.type) ?? 'nothing'}`
      fail(`${field}.${prop}.type`, problem, propsExample)
    }
    if (spec.required !== undefined && typeof spec.required !== 'boolean') {
      fail(`${field}.${prop}.required`, `must be \`true\` or \`false\`, got ${got(spec.required)}`, propsExample)
    }
    out[prop] = { type: spec.type as PropSpec['type'], ...(spec.required ? { required: true } : {}) }
  }
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}
