import {
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql'
import { dropAbsentSlots } from './slots.ts'

/**
 * How big a GraphQL query may be. A query is text anyone with the dev server's explorer (or a
 * page able to reach it) can send: without limits, 500 aliases of one field kept the server busy
 * for 15 s (graphql's overlapping-fields rule compares every pair) and its result took 2.5 GB.
 * The defaults leave room for any template's or plugin's query many times over.
 */
export interface QueryLimits {
  /** Characters of query text. */
  maxLength: number
  /** Lexical tokens (graphql's parser stops at this count, before building the tree). */
  maxTokens: number
  /** Levels of nested selections, through fragments (`{ a { b } }` is 2). */
  maxDepth: number
  /** Aliased fields, counting a fragment once per place it is spread. */
  maxAliases: number
  /**
   * Fields in all, counting a fragment once per place it is spread (a fragment spread twice in each of ten nested
   * fragments is 1,024 copies).
   */
  maxFields: number
}

export const defaultQueryLimits: Readonly<QueryLimits> = Object.freeze({
  maxLength: 100_000,
  maxTokens: 10_000,
  maxDepth: 15,
  maxAliases: 30,
  maxFields: 1_000,
})

interface Measure {
  depth: number
  aliases: number
  fields: number
}

/**
 * A validation rule that measures each operation (depth, aliases, fields) and reports the first
 * limit it is over. Fragments are measured once each (memoized), so measuring costs the size of
 * the document even when the expanded query would be exponentially large; a fragment that spreads
 * itself counts as empty here (graphql's NoFragmentCycles rule reports it).
 */
export function queryLimitsRule(limits: QueryLimits = defaultQueryLimits): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>()
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
    }
    const measured = new Map<string, Measure>()
    const measuring = new Set<string>()
    const none: Measure = { depth: 0, aliases: 0, fields: 0 }

    const measureFragment = (name: string): Measure => {
      const known = measured.get(name)
      if (known) return known
      const fragment = fragments.get(name)
      if (!fragment || measuring.has(name)) return none
      measuring.add(name)
      const result = measureSet(fragment.selectionSet)
      measuring.delete(name)
      measured.set(name, result)
      return result
    }

    const measureSet = (set: SelectionSetNode): Measure => {
      const total = { depth: 0, aliases: 0, fields: 0 }
      for (const selection of set.selections) {
        let part: Measure
        if (selection.kind === Kind.FIELD) {
          const inner = selection.selectionSet ? measureSet(selection.selectionSet) : none
          part = {
            depth: inner.depth + 1,
            aliases: inner.aliases + (selection.alias ? 1 : 0),
            fields: inner.fields + 1,
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          part = measureSet(selection.selectionSet)
        } else {
          part = measureFragment(selection.name.value)
        }
        total.depth = Math.max(total.depth, part.depth)
        // Sums can pass any limit by far (fragment amplification): cap them where they stop mattering.
        total.aliases = Math.min(total.aliases + part.aliases, Number.MAX_SAFE_INTEGER)
        total.fields = Math.min(total.fields + part.fields, Number.MAX_SAFE_INTEGER)
      }
      return total
    }

    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const { depth, aliases, fields } = measureSet(operation.selectionSet)
        const name = operation.name ? `The query \`${operation.name.value}\`` : 'The query'
        const over = (what: string, count: number, limit: number) =>
          context.reportError(
            new GraphQLError(
              `${name} has ${count} ${what}; the limit is ${limit}. Ask for less in one query (split it, ` +
                `or use \`limit\` on lists).`,
              { nodes: [operation] },
            ),
          )
        if (depth > limits.maxDepth) over('levels of nesting', depth, limits.maxDepth)
        else if (aliases > limits.maxAliases) over('aliases', aliases, limits.maxAliases)
        else if (fields > limits.maxFields) over('fields', fields, limits.maxFields)
        return false
      },
    }
  }
}

/**
 * Parses and validates a query within the limits: the size checks run first, alone, so a query
 * over them is refused in time linear in its length, before graphql's own rules (some of which
 * are quadratic in the number of fields) see it. Returns the document, or the errors.
 */
export function prepareQuery(
  schema: GraphQLSchema,
  source: string,
  limits: QueryLimits = defaultQueryLimits,
): DocumentNode | readonly GraphQLError[] {
  if (source.length > limits.maxLength) {
    return [new GraphQLError(`The query is ${source.length} characters long; the limit is ${limits.maxLength}.`)]
  }
  let document: DocumentNode
  try {
    document = parse(source, { maxTokens: limits.maxTokens })
  } catch (error) {
    if (error instanceof GraphQLError && /more that \d+ tokens/.test(error.message)) {
      return [
        new GraphQLError(
          `The query has more than ${limits.maxTokens} tokens (names, punctuation, values); ` +
            `the limit is ${limits.maxTokens}.`,
        ),
      ]
    }
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))]
  }
  // Fields of plugins the site does not have, marked `@slot` by the theme, leave before the checks (slots.ts).
  document = dropAbsentSlots(schema, document)
  const overLimits = validate(schema, document, [queryLimitsRule(limits)])
  if (overLimits.length) return overLimits
  const errors = validate(schema, document)
  return errors.length ? errors : document
}
