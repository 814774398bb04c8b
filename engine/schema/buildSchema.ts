import { makeExecutableSchema } from '@graphql-tools/schema'
import { GraphQLScalarType, type GraphQLSchema } from 'graphql'
import { SheafError } from '../errors.ts'
import { coreResolvers } from './coreResolvers.ts'
import { coreTypeDefs } from './coreTypeDefs.ts'
import type { GraphQLResolverMap } from './types.ts'

const jsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
})

/** Merges the core SDL with the plugins' type defs and resolvers into one executable schema. */
export function buildSchema(typeDefs: string[], resolvers: GraphQLResolverMap[]): GraphQLSchema {
  try {
    return makeExecutableSchema({
      typeDefs: [coreTypeDefs, ...typeDefs],
      resolvers: [{ JSON: jsonScalar }, coreResolvers, ...resolvers] as never,
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The GraphQL schema could not be built: ${message}`, {
      hint: 'check the SDL a plugin adds with addTypeDefs (use `extend type Query { ... }` to add root fields).',
      cause: error,
    })
  }
}
