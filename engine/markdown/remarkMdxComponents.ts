import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'
import { encodeStructuredProps } from '../shared/structuredProps.ts'
import { checkProps } from './checkComponentProps.ts'
import type { ComponentRegistry } from './componentRegistry.ts'
import type { FragmentOptions } from './fragmentImports.ts'
import { readExpression, type ExpressionNode } from './mdxExpressions.ts'
import { readProps, withoutEventHandlers, type JsxAttribute } from './mdxElementProps.ts'
import { checkImports, type EsmNode } from './mdxImportStatements.ts'
import { unravelJsxParagraphs } from './unravelJsxParagraphs.ts'
import { componentOf, knownComponentNames, siteComponentProperties, writtenName } from './siteComponentProps.ts'

interface Options {
  components: ComponentRegistry
  /** The site root and import aliases an image imported as a value is found through (see mdxAssetImports.ts). */
  imports?: FragmentOptions
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
          `An MDX expression \`{${value.slice(0, 40)}}\` is not allowed: MDX here is content, not code. ` +
            `Write its text, or a comment \`{/* ... */}\`.`,
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
            `Unknown component \`<${writtenName(written)}>\`. ` +
              `Known components: ${knownComponentNames(components)}; ${register}.`,
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
