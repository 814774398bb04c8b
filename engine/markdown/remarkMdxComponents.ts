import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'
import { SheafError } from '../errors.ts'
import { evaluateLiteral, NonLiteralError } from './evaluateLiteral.ts'
import { encodeStructuredProps } from '../shared/structuredProps.ts'
import { readExpression, type ExpressionNode } from './mdxExpressions.ts'
import { assetImportPath, pathFromPage, unsupportedImportExtension } from './mdxAssetImports.ts'
import type { FragmentOptions } from './fragmentImports.ts'
import { unravelJsxParagraphs } from './unravelJsxParagraphs.ts'
import { componentOf, knownComponentNames, siteComponentProperties, writtenName } from './siteComponentProps.ts'
import { siteComponentTag } from '../shared/siteComponents.ts'

/** What a prop's literal value may be. */
export type PropType = 'string' | 'number' | 'boolean' | 'array' | 'object'

/** One prop of an MDX component: its type (or the types it takes), and whether a page must give it. */
export interface PropSpec {
  type: PropType | readonly PropType[]
  required?: boolean
}

/**
 * Component name -> its props. Checked at build time (remarkMdxComponents): a missing required
 * prop, a prop of the wrong type or an unknown prop fails at the element's line, instead of the
 * component throwing while the page renders (`<PackageManagerTabs />` without `command` ended the
 * build with "Unexpected error" and no file).
 */
export type ComponentRegistry = Readonly<Record<string, Readonly<Record<string, PropSpec>>>>

interface Options {
  components: ComponentRegistry
  /** The site root and import aliases an image imported as a value is found through (see mdxAssetImports.ts). */
  imports?: FragmentOptions
}

interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute'
  name?: string
  value?: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string; data?: { estree?: unknown } }
}

/**
 * MDX stays data: JSX elements become hast elements of registered theme
 * components with literal props; imports of known components are accepted
 * and dropped. Expressions, unknown components and non-literal props fail
 * with the file's line and column (never compiled, never run).
 */
export default function remarkMdxComponents(options: Options) {
  const { components, imports } = options
  return (tree: Root, file: VFile) => {
    unravelJsxParagraphs(tree)
    // Imports first (they apply to the whole page): `import { Tab as T } from '@theme'` renames `<T>`.
    const aliases = new Map<string, string>()
    // `import logo from '../public/logo.png'`: the name stands for the file's path (see mdxAssetImports.ts).
    const assets = new Map<string, string>()
    visit(tree, (node) => {
      if ((node.type as string) === 'mdxjsEsm')
        checkImports(node as unknown as EsmNode, components, file, { aliases, assets, imports })
    })
    visit(tree, (node, index, parent) => {
      const type = node.type as string
      if (type === 'mdxjsEsm') {
        if (parent && index !== undefined) parent.children.splice(index, 1)
        return [SKIP, index]
      }
      if (type === 'mdxFlowExpression' || type === 'mdxTextExpression') {
        const expression = readExpression(node as unknown as ExpressionNode)
        if (expression.kind === 'drop' && parent && index !== undefined) {
          parent.children.splice(index, 1)
          return [SKIP, index]
        }
        if (expression.kind === 'text' && parent && index !== undefined) {
          parent.children.splice(index, 1, { type: 'text', value: expression.value } as never)
          return [SKIP, index + 1]
        }
        const value = (node as unknown as { value: string }).value.trim()
        file.fail(
          `An MDX expression \`{${value.slice(0, 40)}}\` is not allowed: MDX here is content, not code. Write its text, or a comment \`{/* ... */}\`.`,
          node,
          'sheaf:mdx',
        )
      }
      if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
        const element = node as unknown as {
          name: string | null
          attributes: JsxAttribute[]
          data?: Record<string, unknown>
        }
        const written = element.name === null ? null : (aliases.get(element.name) ?? element.name)
        if (written === null) {
          element.data = { hName: 'div', hProperties: {} }
          return undefined
        }
        const isComponent = /^[A-Z]/.test(written) || written !== writtenName(written)
        const name = isComponent ? componentOf(written, components) : written
        if (name === null) {
          const register = "a component of the site's own code is registered in the config's `components`"
          file.fail(
            `Unknown component \`<${writtenName(written)}>\`. Known components: ${knownComponentNames(components)}; ${register}.`,
            node,
            'sheaf:mdx',
          )
        }
        const props = readProps(
          withoutEventHandlers(element.attributes, writtenName(name), file, node),
          writtenName(name),
          file,
          node,
          assets,
        )
        if (isComponent) checkProps(props, writtenName(name), components[name], file, node)
        const isSite = name !== writtenName(name)
        element.data = {
          hName: name,
          hProperties: isSite
            ? siteComponentProperties(props, name, file, node)
            : isComponent
              ? encodeStructuredProps(props)
              : props,
        }
      }
      return undefined
    })
  }
}

/**
 * Content never runs script: an `onClick` (any `on...` attribute) is dropped from its element,
 * which is kept, with one warning at the element's place naming what was dropped.
 */
function withoutEventHandlers(attributes: JsxAttribute[], name: string, file: VFile, node: unknown): JsxAttribute[] {
  const handlers = attributes.filter(
    (attribute) => attribute.type === 'mdxJsxAttribute' && /^on/i.test(attribute.name ?? ''),
  )
  if (handlers.length === 0) return attributes
  const names = handlers.map((attribute) => `\`${attribute.name}\``).join(', ')
  file.message(
    `The event handler ${names} of \`<${name}>\` was dropped: content never runs script. Remove it (the element is kept without it).`,
    node as never,
    'sheaf:mdx',
  )
  return attributes.filter((attribute) => !handlers.includes(attribute))
}

function readProps(
  attributes: JsxAttribute[],
  name: string,
  file: VFile,
  node: unknown,
  assets: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const props: Record<string, unknown> = {}
  for (const attribute of attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute' || !attribute.name) {
      file.fail(
        `Spread props are not allowed on \`<${name}>\`; write each prop as a literal.`,
        node as never,
        'sheaf:mdx',
      )
    }
    const propName = attribute.name as string
    const value = attribute.value
    if (value === null || value === undefined) props[propName] = true
    else if (typeof value === 'string') props[propName] = value
    else if (assets.has(value.value.trim())) {
      props[propName] = assetProp(value.value.trim(), assets, { name, propName, file, node })
      // Written as the path: a fragment's elements are read again with the page's (which lacks its imports).
      attribute.value = props[propName] as string
    } else {
      try {
        props[propName] = evaluateLiteral(value.data?.estree, value.value)
      } catch (error) {
        if (!(error instanceof NonLiteralError)) throw error
        file.fail(
          `The prop \`${propName}={${value.value}}\` of \`<${name}>\` is not a literal.`,
          node as never,
          'sheaf:mdx',
        )
      }
    }
  }
  return props
}

/**
 * An imported image's path, as the `src` of an `img`: the one place link resolution turns it into
 * the image's URL (elsewhere the page would show the path as written).
 */
function assetProp(
  local: string,
  assets: ReadonlyMap<string, string>,
  at: { name: string; propName: string; file: VFile; node: unknown },
): string {
  if (at.name !== 'img' || at.propName !== 'src') {
    const message =
      `The imported image \`${local}\` is used as \`${at.propName}={${local}}\` of \`<${at.name}>\`: ` +
      'an image imported as a value can only be the `src` of an `<img>`.'
    const hint =
      `write \`<img src={${local}} alt="..." />\`, ` +
      `or give the image's URL from the public folder (\`"/img/${local}.png"\`).`
    throw propError(message, at.file, at.node, hint)
  }
  return assets.get(local) as string
}

/** Fails at the element when its props do not match the component's declared props. */
function checkProps(
  props: Record<string, unknown>,
  name: string,
  declared: Readonly<Record<string, PropSpec>>,
  file: VFile,
  node: unknown,
): void {
  const known = Object.keys(declared).filter((prop) => prop !== '*')
  const firstType = (spec: PropSpec): PropType => (typeof spec.type === 'string' ? spec.type : spec.type[0])
  const example = `<${name}${known
    .filter((prop) => declared[prop].required)
    .map((prop) => ` ${prop}=${exampleValue(firstType(declared[prop]))}`)
    .join('')} />`
  for (const [prop, value] of Object.entries(props)) {
    // `*`: a site component that declares no props takes any (see config/siteComponentsOption.ts).
    const spec = Object.hasOwn(declared, prop) ? declared[prop] : declared['*']
    if (!spec) {
      throw propError(
        `\`<${name}>\` has no prop \`${prop}\`.`,
        file,
        node,
        `use only its props: ${known.map((known) => `\`${known}\``).join(', ') || 'none'}.`,
      )
    }
    const types: readonly PropType[] = typeof spec.type === 'string' ? [spec.type] : spec.type
    if (!types.includes(typeOfValue(value) as PropType)) {
      throw propError(
        `The prop \`${prop}\` of \`<${name}>\` must be ${types.map(article).join(' or ')}, got ${describe(value)}.`,
        file,
        node,
        `write e.g. \`${prop}=${exampleValue(types[0])}\`.`,
      )
    }
  }
  for (const prop of known) {
    if (declared[prop].required && !Object.hasOwn(props, prop)) {
      throw propError(
        `\`<${name}>\` needs the prop \`${prop}\` (${article(firstType(declared[prop]))}).`,
        file,
        node,
        `write e.g. \`${example}\`.`,
      )
    }
  }
}

function propError(message: string, file: VFile, node: unknown, hint: string): SheafError {
  const start = (node as { position?: { start: { line: number; column: number } } }).position?.start
  return new SheafError(message, { file: file.path, line: start?.line, column: start?.column, hint })
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function article(type: PropType): string {
  return type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`
}

function describe(value: unknown): string {
  if (value === true) return 'a prop without a value (`true`)'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

function exampleValue(type: PropType): string {
  return { string: '"..."', number: '{1}', boolean: '{true}', array: '{["a", "b"]}', object: '{{ a: 1 }}' }[type]
}

/**
 * Where Rspress's theme components are imported from: an import of one the theme lacks is dropped (using it still
 * fails).
 */
const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/

interface ImportsFound {
  aliases: Map<string, string>
  assets: Map<string, string>
  imports?: FragmentOptions
}

interface EsmNode {
  value: string
  position?: unknown
  data?: {
    estree?: {
      body: {
        type: string
        source?: { value: unknown }
        specifiers?: { type: string; imported?: { name?: string; value?: string }; local: { name: string } }[]
      }[]
    }
  }
}

/**
 * Accepts the import statements of an MDX page (single- or multi-line, read from the tree MDX
 * already parsed) that name components the theme declares: from `@theme` or `rspress/theme`
 * (Rspress) as from anywhere, they are dropped and the theme's own component is used; an alias is
 * recorded in `aliases`. An unknown component imported from a theme module is dropped too (as
 * Rspress would render it, using it fails at the element); anything else fails at the line.
 */
function checkImports(node: EsmNode, components: ComponentRegistry, file: VFile, found: ImportsFound): void {
  const { aliases, assets } = found
  const body = node.data?.estree?.body
  if (!body) {
    file.fail(
      `Only \`import { Component } from '...'\` of known theme components is allowed in MDX, got \`${node.value.trim().slice(0, 60)}\`.`,
      node as never,
      'sheaf:mdx',
    )
  }
  for (const statement of body!) {
    if (statement.type !== 'ImportDeclaration') {
      file.fail(
        `Only \`import { Component } from '...'\` of known theme components is allowed in MDX, got \`${node.value.trim().split('\n')[0].slice(0, 60)}\`.`,
        node as never,
        'sheaf:mdx',
      )
    }
    const source = String(statement.source?.value)
    const fromTheme = themeModuleRE.test(source)
    const only = statement.specifiers?.length === 1 ? statement.specifiers[0] : undefined
    const asset = only?.type === 'ImportDefaultSpecifier' ? assetImportPath(source, file.path, found.imports) : null
    if (asset !== null) {
      const page = typeof file.data.page === 'string' ? file.data.page : file.path
      const fromPage = page === file.path || asset.startsWith('/') ? asset : pathFromPage(asset, file.path, page)
      assets.set(only!.local.name, fromPage)
      continue
    }
    const extension = statement.specifiers?.length ? unsupportedImportExtension(source) : null
    if (extension !== null) {
      const what =
        'an MDX page imports components, `.md`/`.mdx` fragments and images (png, jpg, jpeg, gif, webp, avif, svg)'
      const fix = 'Link to the file instead, or put what it says in the page.'
      const message = `\`${source}\` cannot be imported: ${what} as values, not a \`${extension}\` file (content never runs code).`
      file.fail(`${message} ${fix}`, node as never, 'sheaf:mdx')
    }
    for (const specifier of statement.specifiers ?? []) {
      const imported =
        specifier.type === 'ImportSpecifier'
          ? (specifier.imported?.name ?? specifier.imported?.value ?? '')
          : specifier.local.name
      // From the site's code (any module but the theme's: MDX runs no import, the name says which).
      if (!fromTheme && Object.hasOwn(components, siteComponentTag(imported))) {
        aliases.set(specifier.local.name, siteComponentTag(imported))
      } else if (Object.hasOwn(components, imported)) {
        if (specifier.local.name !== imported) aliases.set(specifier.local.name, imported)
      } else if (!fromTheme) {
        file.fail(
          `Unknown component import \`${imported}\`. Known components: ${knownComponentNames(components)}.`,
          node as never,
          'sheaf:mdx',
        )
      }
    }
  }
}
