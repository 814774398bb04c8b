import type { Element, Nodes, Root } from 'hast'
import type { Options } from 'hast-util-to-jsx-runtime'
import type { ReactNode } from 'react'

/**
 * A page body (hast) -> React, for the browser: the same element tree as
 * hast-util-to-jsx-runtime's `toJsxRuntime` in production mode (same props,
 * children and keys) for the trees Sheaf builds, in about 1 KB gzip instead of
 * 9.5 KB. The package's cost is property-information's full HTML and SVG
 * schemas, a CSS declaration parser and vfile's error classes; a sanitized
 * body never needs them, because its property names are already hast's
 * canonical ones (hast-util-from-html wrote them with those schemas), so
 * React's name for each follows from a few rules (reactName below).
 *
 * Differences, none of which a sanitized body can reach (the build's sanitizer
 * strips `style` and MDX nodes; tests/unit/engine/shared/hastToReact.test.ts
 * checks every property of the schemas and every page body of this site):
 * - a non-canonical name (`class`, `tabindex`) is passed on as written, not
 *   looked up case-insensitively;
 * - a `style` string is split on `;` and the first `:` (no comments or quoted `;`);
 * - an unknown camel-cased aria name (`ariaFoo`) becomes `aria-foo`, not `ariaFoo`;
 * - MDX expression, ESM and JSX nodes render nothing (the package throws
 *   without an evaluater, or renders MDX JSX elements);
 * - development mode (`jsxDEV`, source positions) is not supported.
 */
export function hastToReact(tree: Nodes, options: Options): ReactNode {
  if (options.development) throw new TypeError('hastToReact renders production JSX only (jsx, jsxs).')
  const state: State = { options, components: (options.components ?? {}) as Record<string, unknown> }
  const result = one(state, tree, undefined, false)
  if (result && typeof result !== 'string') return result
  return create(state, options.Fragment, { children: result || undefined }, undefined)
}

interface State {
  options: Options
  components: Record<string, unknown>
}

type Props = Record<string, unknown> & { children?: unknown }

const own = Object.prototype.hasOwnProperty
// Text made only of these (or empty) is dropped between table rows and cells, as React requires.
const tableElements = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr'])
const tableCells = new Set(['td', 'th'])
const whitespaceOnly = /^[ \t\n\f\r]*$/

/** hast property -> React prop where they differ (property-information's hastToReact, per schema). */
const xmlNames: Record<string, string> = {
  xLinkActuate: 'xlinkActuate',
  xLinkArcRole: 'xlinkArcrole',
  xLinkHref: 'xlinkHref',
  xLinkRole: 'xlinkRole',
  xLinkShow: 'xlinkShow',
  xLinkTitle: 'xlinkTitle',
  xLinkType: 'xlinkType',
  xmlnsXLink: 'xmlnsXlink',
}
const htmlNames: Record<string, string> = { ...xmlNames, classId: 'classID', itemId: 'itemID' }
const svgNames: Record<string, string> = {
  ...xmlNames,
  dataType: 'datatype',
  strokeDashArray: 'strokeDasharray',
  strokeDashOffset: 'strokeDashoffset',
  strokeLineCap: 'strokeLinecap',
  strokeLineJoin: 'strokeLinejoin',
  strokeMiterLimit: 'strokeMiterlimit',
  typeOf: 'typeof',
}
// The only comma-separated lists in the schemas (every other list is joined with spaces).
const htmlCommaLists = new Set(['accept', 'coords', 'exportParts'])
const svgCommaLists = new Set(['g1', 'g2', 'glyphName'])

function one(state: State, node: Nodes, key: string | undefined, svg: boolean): ReactNode {
  if (node.type === 'element') return element(state, node, key, svg)
  if (node.type === 'root')
    return create(state, state.options.Fragment, withChildren({}, children(state, node, svg)), key)
  if (node.type === 'text') return node.value
  // Comments, doctypes, raw and MDX nodes render nothing.
  return undefined
}

function element(state: State, node: Element, key: string | undefined, parentSvg: boolean): ReactNode {
  const svg = parentSvg || node.tagName.toLowerCase() === 'svg'
  const type = own.call(state.components, node.tagName) ? state.components[node.tagName] : node.tagName
  const props: Props = {}
  let align: string | undefined
  for (const name in node.properties) {
    if (name === 'children' || !own.call(node.properties, name)) continue
    let value: unknown = node.properties[name]
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue
    if (Array.isArray(value))
      value = (svg ? svgCommaLists : htmlCommaLists).has(name) ? value.join(', ').trim() : value.join(' ').trim()
    const prop = reactName(name, svg)
    if (prop === 'style') props.style = typeof value === 'object' ? value : parseStyle(String(value))
    // A table cell's `align` becomes text-align, as the package does (React has no `align` on cells).
    else if (prop === 'align' && typeof value === 'string' && tableCells.has(node.tagName)) align = value
    else props[prop] = value
  }
  if (align) ((props.style ??= {}) as Record<string, unknown>).textAlign = align
  let kids = children(state, node, svg)
  if (tableElements.has(node.tagName))
    kids = kids.filter((child) => typeof child !== 'string' || !whitespaceOnly.test(child))
  return create(state, type, withChildren(props, kids), key)
}

/** Each element child keyed `${tagName}-${n}`, as the package keys them. */
function children(state: State, node: Root | Element, svg: boolean): ReactNode[] {
  const result: ReactNode[] = []
  const counts = new Map<string, number>()
  for (const child of node.children) {
    let key: string | undefined
    if (child.type === 'element') {
      const count = counts.get(child.tagName) ?? 0
      key = `${child.tagName}-${count}`
      counts.set(child.tagName, count + 1)
    }
    const rendered = one(state, child, key, svg)
    if (rendered !== undefined) result.push(rendered)
  }
  return result
}

function withChildren(props: Props, children: ReactNode[]): Props {
  if (children.length > 0) {
    const value = children.length > 1 ? children : children[0]
    if (value) props.children = value
  }
  return props
}

function create(state: State, type: unknown, props: Props, key: string | undefined): ReactNode {
  const { jsx, jsxs } = state.options as {
    jsx: (type: unknown, props: Props, key?: string) => ReactNode
    jsxs: typeof jsx
  }
  const fn = Array.isArray(props.children) ? jsxs : jsx
  return key ? fn(type, props, key) : fn(type, props)
}

const upper = /[A-Z]/g
const dashLower = /-[a-z]/
const validData = /^data[-\w.:]+$/i

/**
 * React's name for a canonical hast property: the schemas' few renames; aria
 * properties and `data*` become their attributes (`ariaHidden` -> `aria-hidden`,
 * `dataLineNumbers` -> `data-line-numbers`); every other name is React's already.
 */
export function reactName(name: string, svg: boolean): string {
  const renamed = (svg ? svgNames : htmlNames)[name]
  if (renamed) return renamed
  if (name.length > 4 && name.startsWith('aria') && name.charCodeAt(4) >= 65 && name.charCodeAt(4) <= 90)
    return `aria-${name.slice(4).toLowerCase()}`
  if (name.length > 4 && name.slice(0, 4).toLowerCase() === 'data' && validData.test(name) && name.charAt(4) !== '-') {
    const rest = name.slice(4)
    if (dashLower.test(rest)) return name
    const dashes = rest.replace(upper, (letter) => `-${letter.toLowerCase()}`)
    return `data${dashes.startsWith('-') ? dashes : `-${dashes}`}`
  }
  return name
}

/** `color: red; --x: 1` -> `{ color: 'red', '--x': '1' }`, with the DOM's camelCase names. */
function parseStyle(value: string): Record<string, string> {
  const style: Record<string, string> = {}
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':')
    // The package's parser rejects a declaration without a colon, and the whole style goes (ignoreInvalidStyle).
    if (colon < 0) {
      if (declaration.trim()) return {}
      continue
    }
    let name = declaration.slice(0, colon).trim()
    const text = declaration.slice(colon + 1).trim()
    if (!name || !text) continue
    if (!name.startsWith('--')) {
      name = name.toLowerCase()
      if (name.startsWith('-ms-')) name = name.slice(1)
      name = name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
    }
    style[name] = text
  }
  return style
}
