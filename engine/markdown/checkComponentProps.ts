import type { VFile } from 'vfile'
import { SheafError } from '../errors.ts'
import type { PropSpec, PropType } from './componentRegistry.ts'

/** Fails at the element when its props do not match the component's declared props. */
export function checkProps(
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

/** An error at the element's line and column, with its fix. */
export function propError(message: string, file: VFile, node: unknown, hint: string): SheafError {
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
