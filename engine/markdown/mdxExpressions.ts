import { evaluateLiteral, NonLiteralError } from './evaluateLiteral.ts'

/** An MDX `{...}` expression node as remark-mdx gives it (with the program acorn parsed, when it did). */
export interface ExpressionNode {
  value: string
  data?: { estree?: { body?: unknown[] } }
}

/**
 * What an MDX expression in content becomes, as Rspress's MDX accepts it without running code:
 * `drop` for a comment alone (`{/* note *\/}`, `{// TODO}`) or nothing (`{}`); text for a string
 * or number literal (JSX whitespace `{' '}`, `{'&'}`); `refuse` for anything else (MDX here is
 * content, never code).
 */
export function readExpression(
  node: ExpressionNode,
): { kind: 'drop' } | { kind: 'text'; value: string } | { kind: 'refuse' } {
  const program = node.data?.estree
  if (program ? program.body?.length === 0 : isCommentOnly(node.value)) return { kind: 'drop' }
  try {
    const value = evaluateLiteral(program, node.value)
    if (typeof value === 'string' || typeof value === 'number') return { kind: 'text', value: String(value) }
  } catch (error) {
    if (!(error instanceof NonLiteralError)) throw error
  }
  return { kind: 'refuse' }
}

/** Without a parsed program: comments and whitespace only (block comments, and line comments to the end of a line). */
export function isCommentOnly(value: string): boolean {
  return (
    value
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/[^\n]*/g, '')
      .trim() === ''
  )
}
