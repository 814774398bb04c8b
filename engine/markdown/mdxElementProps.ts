import type { VFile } from 'vfile'
import { evaluateLiteral, NonLiteralError } from './evaluateLiteral.ts'
import { propError } from './checkComponentProps.ts'

/**
 * A JSX attribute as mdast-util-mdx-jsx gives it: `name="text"`, `name={expression}`, `name` alone,
 * or `{...spread}`.
 */
export interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute'
  name?: string
  value?: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string; data?: { estree?: unknown } }
}

/**
 * Content never runs script: an `onClick` (any `on...` attribute) is dropped from its element,
 * which is kept, with one warning at the element's place naming what was dropped.
 */
export function withoutEventHandlers(
  attributes: JsxAttribute[],
  name: string,
  file: VFile,
  node: unknown,
): JsxAttribute[] {
  const handlers = attributes.filter(
    (attribute) => attribute.type === 'mdxJsxAttribute' && /^on/i.test(attribute.name ?? ''),
  )
  if (handlers.length === 0) return attributes
  const names = handlers.map((attribute) => `\`${attribute.name}\``).join(', ')
  file.message(
    `The event handler ${names} of \`<${name}>\` was dropped: content never runs script. ` +
      `Remove it (the element is kept without it).`,
    node as never,
    'sheaf:mdx',
  )
  return attributes.filter((attribute) => !handlers.includes(attribute))
}

/**
 * An element's props from its attributes: a literal as its value, an attribute without one as `true`, an
 * imported image as its path; a spread or an expression that is no literal fails at the element.
 */
export function readProps(
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
