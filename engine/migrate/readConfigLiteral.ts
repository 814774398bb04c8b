import fs from 'node:fs'
import * as acorn from 'acorn'
import { transformSync } from 'esbuild'
import { SheafError } from '../errors.ts'

/**
 * A config value that is not a literal (a call, a variable, an import): kept as its source text (as esbuild prints it).
 */
export class NonLiteral {
  constructor(readonly source: string) {}
}

/** A value as a reader would name it: a non-literal's code, else its text. */
export function sourceText(value: unknown): string {
  return value instanceof NonLiteral ? value.source : String(value)
}

/** The default export is built by code (`makeConfig()`): it can only be read by running it (see runConfig.ts). */
export class NotLiteralConfigError extends SheafError {}

/** A config object read without running it: literal values as they are, anything else a `NonLiteral`. */
export type LiteralValue =
  string | number | boolean | null | undefined | NonLiteral | LiteralValue[] | { [key: string]: LiteralValue }

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

/**
 * Reads the object an `rspress.config.ts` default-exports, WITHOUT executing it: esbuild strips
 * the TypeScript, acorn parses the JavaScript, and the object literal is evaluated as data.
 * `export default defineConfig({...})`, `export default {...}`, a `const config = {...}` exported
 * by name, and an arrow function returning the object are understood. A value that is not a
 * literal (a call, a variable, `path.join(...)`) becomes a `NonLiteral`, so the caller can list
 * its key as untranslated; a spread (`...other`) is listed under `spreads`.
 */
export function readConfigLiteral(file: string): { value: Record<string, LiteralValue>; spreads: string[] } {
  const source = fs.readFileSync(file, 'utf8')
  let code: string
  try {
    code = transformSync(source, {
      loader: file.endsWith('.js') || file.endsWith('.mjs') ? 'js' : 'ts',
      format: 'esm',
      target: 'es2022',
      sourcefile: file,
    }).code
  } catch (error) {
    throw new SheafError(
      `Cannot read ${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      { file, hint: 'fix the syntax error so that Rspress itself can load the config.' },
    )
  }
  let program: Node
  try {
    program = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node
  } catch (error) {
    throw new SheafError(`Cannot parse ${file}: ${error instanceof Error ? error.message : String(error)}`, {
      file,
      hint: 'fix the syntax error so that Rspress itself can load the config.',
    })
  }
  const declarations = new Map<string, Node>()
  let exported: Node | undefined
  for (const statement of program.body as Node[]) {
    if (statement.type === 'VariableDeclaration') {
      for (const declaration of statement.declarations as Node[]) {
        const id = declaration.id as Node
        if (id.type === 'Identifier' && declaration.init) declarations.set(id.name as string, declaration.init as Node)
      }
    }
    if (statement.type === 'ExportDefaultDeclaration') exported = statement.declaration as Node
    // esbuild writes `export default x` as `var stdin_default = x; export { stdin_default as default }`.
    if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of (statement.specifiers ?? []) as Node[]) {
        if ((specifier.exported as Node).name === 'default') exported = specifier.local as Node
      }
    }
  }
  if (!exported)
    throw new SheafError('The Rspress config has no `export default`.', {
      file,
      hint: 'write `export default defineConfig({ ... })`, as Rspress expects.',
    })
  const object = findObject(exported, declarations)
  if (!object) {
    throw new NotLiteralConfigError(
      `The Rspress config's default export is not an object literal ` +
        `(\`${code.slice(exported.start, exported.end).slice(0, 60)}\`).`,
      {
        file,
        hint:
          'write `export default defineConfig({ ... })` with the options inline, ' +
          'or translate the config by hand (see docs/move-from-rspress.md).',
      },
    )
  }
  const spreads: string[] = []
  const value = evaluate(object, code, declarations, spreads, '') as Record<string, LiteralValue>
  return { value, spreads }
}

/**
 * The object literal behind the default export: through `defineConfig(...)`, a variable, or an arrow function's result.
 */
function findObject(node: Node, declarations: Map<string, Node>, depth = 0): Node | undefined {
  if (depth > 5) return undefined
  switch (node.type) {
    case 'ObjectExpression':
      return node
    case 'CallExpression':
      return (node.arguments as Node[]).length === 1
        ? findObject((node.arguments as Node[])[0], declarations, depth + 1)
        : undefined
    case 'Identifier': {
      const init = declarations.get(node.name as string)
      return init ? findObject(init, declarations, depth + 1) : undefined
    }
    case 'ArrowFunctionExpression': {
      const body = node.body as Node
      if (body.type !== 'BlockStatement') return findObject(body, declarations, depth + 1)
      const returned = (body.body as Node[]).find((statement) => statement.type === 'ReturnStatement')
      return returned?.argument ? findObject(returned.argument as Node, declarations, depth + 1) : undefined
    }
    case 'ParenthesizedExpression':
    case 'AwaitExpression':
      return findObject((node.expression ?? node.argument) as Node, declarations, depth + 1)
    default:
      return undefined
  }
}

/** The constants being evaluated, so a self-reference ends as a NonLiteral instead of recursing forever. */
const resolving = new Set<Node>()

/**
 * The value of a config expression: literals, and constants that hold them, as data; anything else
 * as a NonLiteral holding its source. `at` is the key's path, for the spread and computed keys listed.
 */
function evaluate(
  node: Node,
  code: string,
  declarations: Map<string, Node>,
  spreads: string[],
  at: string,
): LiteralValue {
  const nonLiteral = () => new NonLiteral(code.slice(node.start, node.end))
  switch (node.type) {
    case 'Literal':
      return node.regex ? nonLiteral() : (node.value as string | number | boolean | null)
    case 'TemplateLiteral': {
      // `${repo}/tree/main` with `repo` a top-level string constant is a literal too.
      const parts = (node.expressions as Node[]).map((expression) => evaluate(expression, code, declarations, [], at))
      if (!parts.every((part) => typeof part === 'string' || typeof part === 'number')) return nonLiteral()
      return (node.quasis as { value: { cooked: string } }[])
        .map((quasi, index) => quasi.value.cooked + (index < parts.length ? String(parts[index]) : ''))
        .join('')
    }
    case 'UnaryExpression':
      return node.operator === '-' &&
        (node.argument as Node).type === 'Literal' &&
        typeof (node.argument as Node).value === 'number'
        ? -((node.argument as Node).value as number)
        : nonLiteral()
    case 'Identifier': {
      if (node.name === 'undefined') return undefined
      // A top-level `const repo = 'https://...'` used in the config is a literal too.
      // A constant that refers to itself (`const a = [a]`) is code, not data.
      const init = declarations.get(node.name as string)
      if (!init || init.type === 'Identifier' || resolving.has(init)) return nonLiteral()
      resolving.add(init)
      try {
        return evaluate(init, code, declarations, spreads, at)
      } finally {
        resolving.delete(init)
      }
    }
    case 'ArrayExpression':
      return (node.elements as (Node | null)[]).flatMap((element, index) => {
        if (!element) return []
        if (element.type === 'SpreadElement') {
          spreads.push(`${at}[${index}]`)
          return []
        }
        return [evaluate(element, code, declarations, spreads, `${at}[${index}]`)]
      })
    case 'ObjectExpression':
      return evaluateObject(node, code, declarations, spreads, at)
    default:
      return nonLiteral()
  }
}

/** An object literal's properties, evaluated; spread and computed keys are listed in `spreads` instead. */
function evaluateObject(
  node: Node,
  code: string,
  declarations: Map<string, Node>,
  spreads: string[],
  at: string,
): Record<string, LiteralValue> {
  const result: Record<string, LiteralValue> = {}
  for (const property of node.properties as Node[]) {
    if (property.type === 'SpreadElement') {
      const argument = property.argument as Node
      spreads.push(`${at}${at ? '.' : ''}...${codeLabel(code.slice(argument.start, argument.end))}`)
      continue
    }
    const key = property.key as Node
    const name = property.computed
      ? null
      : key.type === 'Identifier'
        ? (key.name as string)
        : key.type === 'Literal'
          ? String(key.value)
          : null
    if (name === null) {
      spreads.push(`${at}[${codeLabel(code.slice(key.start, key.end))}]`)
      continue
    }
    const value = property.value as Node
    // A method (`config() {}`) or a function value is code: kept as source.
    result[name] =
      property.kind !== 'init' || property.method
        ? new NonLiteral(code.slice(property.start, property.end))
        : evaluate(value, code, declarations, spreads, `${at}${at ? '.' : ''}${name}`)
  }
  return result
}

/**
 * Code that names a key in MIGRATION.md and the console (`[`${prefix}Title`]`, `...shared`): on one
 * line, whitespace collapsed, cut at 60 characters. A computed key written over several lines
 * made a table row of each line.
 */
export function codeLabel(source: string): string {
  const line = source.replace(/\s+/g, ' ').trim()
  return line.length > 60 ? `${line.slice(0, 57)}...` : line
}
