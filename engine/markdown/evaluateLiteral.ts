/** Thrown when an MDX prop expression is anything but a literal value. */
export class NonLiteralError extends Error {}

interface EstreeNode {
  type: string
  [key: string]: unknown
}

/**
 * Evaluates a JSX attribute expression that must be a literal: strings,
 * numbers, booleans, null, arrays and plain objects of those, and template
 * strings without substitutions. Anything else (identifiers, calls) throws.
 */
export function evaluateLiteral(estree: unknown, source: string): unknown {
  const program = estree as EstreeNode | undefined
  const body = program?.body as EstreeNode[] | undefined
  const statement = body?.[0]
  if (!statement || statement.type !== 'ExpressionStatement') throw new NonLiteralError(source)
  return evaluate(statement.expression as EstreeNode)
}

function evaluate(node: EstreeNode): unknown {
  switch (node.type) {
    case 'Literal':
      if (node.regex) throw new NonLiteralError('regex')
      return node.value
    case 'ArrayExpression':
      return (node.elements as (EstreeNode | null)[]).map((element) => {
        if (!element || element.type === 'SpreadElement') throw new NonLiteralError('array hole or spread')
        return evaluate(element)
      })
    case 'ObjectExpression': {
      const result: Record<string, unknown> = {}
      for (const property of node.properties as EstreeNode[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init')
          throw new NonLiteralError('object property')
        const key = property.key as EstreeNode
        const name =
          key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : null
        if (name === null) throw new NonLiteralError('object key')
        result[name] = evaluate(property.value as EstreeNode)
      }
      return result
    }
    case 'TemplateLiteral':
      if ((node.expressions as unknown[]).length > 0) throw new NonLiteralError('template substitution')
      return (node.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked).join('')
    case 'UnaryExpression':
      if (
        node.operator === '-' &&
        (node.argument as EstreeNode).type === 'Literal' &&
        typeof (node.argument as EstreeNode).value === 'number'
      ) {
        return -((node.argument as EstreeNode).value as number)
      }
      throw new NonLiteralError('unary')
    default:
      throw new NonLiteralError(node.type)
  }
}
