/** Gatsby 5's filter operators (`eq ne in nin regex glob gt gte lt lte`); `elemMatch` is in filterNodes.ts. */
export const scalarOperators = ['eq', 'ne', 'in', 'nin', 'regex', 'glob', 'gt', 'gte', 'lt', 'lte'] as const
export type ScalarOperator = (typeof scalarOperators)[number]

const operatorNames: ReadonlySet<string> = new Set([...scalarOperators, 'elemMatch'])

/** An object of operators (`{ eq: 1 }`), as against a nested filter (`{ author: { eq: 1 } }`). */
export function isOperatorObject(value: object): boolean {
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => operatorNames.has(key))
}

/** Equality as Gatsby's (sift's) `eq`: by value for scalars, by JSON for objects. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  return JSON.stringify(a) === JSON.stringify(b)
}

/** `/pattern/flags` as Gatsby's `regex` takes it (a bare pattern is accepted too). */
export function toRegExp(source: string): RegExp {
  const match = /^\/(.*)\/([a-z]*)$/s.exec(source)
  return match ? new RegExp(match[1], match[2]) : new RegExp(source)
}

/**
 * A glob as micromatch reads the common cases: `**` any path, `*` within a segment, `?` one character, `{a,b}` either.
 */
export function globToRegExp(glob: string): RegExp {
  let out = ''
  let braces = 0
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]
    if (char === '*' && glob[index + 1] === '*') {
      out += '.*'
      index++
      if (glob[index + 1] === '/') index++
    } else if (char === '*') out += '[^/]*'
    else if (char === '?') out += '[^/]'
    else if (char === '{') {
      out += '(?:'
      braces++
    } else if (char === '}' && braces > 0) {
      out += ')'
      braces--
    } else if (char === ',' && braces > 0) out += '|'
    else out += char.replace(/[.+^$()|[\]\\{}]/g, '\\$&')
  }
  return new RegExp(`^${out}$`)
}

function ordered(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  return null
}

/**
 * Whether the values at a field (arrays flattened; none when missing) pass one operator.
 * As in Gatsby: `eq`/`in`/`gt`... match when any value does; `ne`/`nin` when none does; `eq: null`
 * matches a missing field, `ne: null` a present one.
 */
export function passes(
  values: readonly unknown[],
  operator: ScalarOperator,
  argument: unknown,
  compiled?: RegExp,
): boolean {
  switch (operator) {
    case 'eq':
      return argument === null ? values.length === 0 : values.some((value) => sameValue(value, argument))
    case 'ne':
      return argument === null ? values.length > 0 : !values.some((value) => sameValue(value, argument))
    case 'in':
      return Array.isArray(argument) && values.some((value) => argument.some((item) => sameValue(value, item)))
    case 'nin':
      return !Array.isArray(argument) || !values.some((value) => argument.some((item) => sameValue(value, item)))
    case 'regex':
    case 'glob':
      return values.some((value) => typeof value === 'string' && (compiled as RegExp).test(value))
    default:
      return values.some((value) => {
        const order = ordered(value, argument)
        if (order === null) return false
        return operator === 'gt'
          ? order > 0
          : operator === 'gte'
            ? order >= 0
            : operator === 'lt'
              ? order < 0
              : order <= 0
      })
  }
}
