import { execute, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql'
import { isSheafError, SheafError } from '../errors.ts'
import { prepareQuery } from './queryLimits.ts'
import type { QueryContext } from './types.ts'

/** Validates a query against the schema; returns the error messages (empty when valid). */
export function validateQuery(schema: GraphQLSchema, query: string): string[] {
  const prepared = prepareQuery(schema, query)
  return Array.isArray(prepared) ? (prepared as readonly GraphQLError[]).map((error) => error.message) : []
}

/** Parsed and validated documents per schema: every page of a template runs the same query. */
const documents = new WeakMap<GraphQLSchema, Map<string, DocumentNode | readonly GraphQLError[]>>()

function prepare(schema: GraphQLSchema, query: string): DocumentNode | readonly GraphQLError[] {
  let bySource = documents.get(schema)
  if (!bySource) documents.set(schema, (bySource = new Map()))
  let prepared = bySource.get(query)
  if (!prepared) {
    // Within the query limits (queryLimits.ts): `sheaf query` runs whatever it is given.
    prepared = prepareQuery(schema, query)
    bySource.set(query, prepared)
  }
  return prepared
}

/**
 * Runs a query; any GraphQL error fails with a SheafError naming `source`
 * (a template file or a plugin) and the GraphQL message.
 */
export async function runQuery<T = Record<string, unknown>>(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown>,
  context: QueryContext,
  source: string,
): Promise<T> {
  const prepared = prepare(schema, query)
  const result = Array.isArray(prepared)
    ? { errors: prepared as readonly GraphQLError[], data: undefined }
    : await execute({ schema, document: prepared as DocumentNode, variableValues: variables, contextValue: context })
  if (result.errors?.length) {
    // A resolver that threw a SheafError (e.g. a bad _meta.json) already says what and where.
    const original = result.errors.find((error) => isSheafError(error.originalError))?.originalError
    if (original) throw original
    throw new SheafError(`The GraphQL query failed: ${result.errors.map((error) => error.message).join('; ')}`, {
      file: source,
      hint: 'check the field names against the schema (`npx sheaf query` or /___graphql in dev).',
    })
  }
  return (result.data ?? {}) as T
}
