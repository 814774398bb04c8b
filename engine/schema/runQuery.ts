import { graphql, parse, validate, type GraphQLSchema } from 'graphql'
import { isSheafError, SheafError } from '../errors.ts'
import type { QueryContext } from './types.ts'

/** Validates a query against the schema; returns the error messages (empty when valid). */
export function validateQuery(schema: GraphQLSchema, query: string): string[] {
  try {
    return validate(schema, parse(query)).map((error) => error.message)
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
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
  const result = await graphql({ schema, source: query, variableValues: variables, contextValue: context })
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
