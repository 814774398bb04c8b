import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'
import { evaluateLiteral, NonLiteralError } from './evaluateLiteral.ts'

/** Component name -> the props it accepts. */
export type ComponentRegistry = Record<string, readonly string[]>

interface Options {
  components: ComponentRegistry
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
  const { components } = options
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      const type = node.type as string
      if (type === 'mdxjsEsm') {
        checkImports((node as unknown as { value: string }).value, components, file, node)
        if (parent && index !== undefined) parent.children.splice(index, 1)
        return [SKIP, index]
      }
      if (type === 'mdxFlowExpression' || type === 'mdxTextExpression') {
        const value = (node as unknown as { value: string }).value.trim()
        if (isComment(value)) {
          if (parent && index !== undefined) parent.children.splice(index, 1)
          return [SKIP, index]
        }
        file.fail(`An MDX expression \`{${value.slice(0, 40)}}\` is not allowed: MDX here is content, not code.`, node, 'sheaf:mdx')
      }
      if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
        const element = node as unknown as { name: string | null; attributes: JsxAttribute[]; data?: Record<string, unknown> }
        const name = element.name
        if (name === null) {
          element.data = { hName: 'div', hProperties: {} }
          return undefined
        }
        const isComponent = /^[A-Z]/.test(name)
        if (isComponent && !Object.hasOwn(components, name)) {
          file.fail(`Unknown component \`<${name}>\`. Known components: ${Object.keys(components).join(', ') || 'none'}.`, node, 'sheaf:mdx')
        }
        element.data = { hName: name, hProperties: readProps(element.attributes, name, file, node) }
      }
      return undefined
    })
  }
}

function readProps(attributes: JsxAttribute[], name: string, file: VFile, node: unknown): Record<string, unknown> {
  const props: Record<string, unknown> = {}
  for (const attribute of attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute' || !attribute.name) {
      file.fail(`Spread props are not allowed on \`<${name}>\`; write each prop as a literal.`, node as never, 'sheaf:mdx')
    }
    const propName = attribute.name as string
    const value = attribute.value
    if (value === null || value === undefined) props[propName] = true
    else if (typeof value === 'string') props[propName] = value
    else {
      try {
        props[propName] = evaluateLiteral(value.data?.estree, value.value)
      } catch (error) {
        if (!(error instanceof NonLiteralError)) throw error
        file.fail(`The prop \`${propName}={${value.value}}\` of \`<${name}>\` is not a literal.`, node as never, 'sheaf:mdx')
      }
    }
  }
  return props
}

const importRE = /^\s*import\s+(?:\{([^}]*)\}|([A-Za-z_$][\w$]*))\s+from\s+['"][^'"]+['"];?\s*$/

function checkImports(source: string, components: ComponentRegistry, file: VFile, node: unknown): void {
  for (const line of source.split('\n')) {
    if (line.trim() === '') continue
    const match = importRE.exec(line)
    if (!match) {
      file.fail(`Only \`import { Component } from '...'\` lines of known theme components are allowed in MDX, got \`${line.trim().slice(0, 60)}\`.`, node as never, 'sheaf:mdx')
    }
    const names = match![1] ? match![1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0]).filter(Boolean) : [match![2]]
    for (const imported of names) {
      if (!Object.hasOwn(components, imported)) {
        file.fail(`Unknown component import \`${imported}\`. Known components: ${Object.keys(components).join(', ')}.`, node as never, 'sheaf:mdx')
      }
    }
  }
}

function isComment(value: string): boolean {
  return value === '' || /^\/\*[\s\S]*\*\/$/.test(value)
}
