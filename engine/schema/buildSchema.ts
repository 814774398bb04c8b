import { buildASTSchema, GraphQLError, GraphQLScalarType, isInterfaceType, isObjectType, isScalarType, isUnionType, Kind, parse, Source, type DocumentNode, type GraphQLSchema } from 'graphql'
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

/** SDL with the name of what added it (a plugin), shown in its errors. */
export interface NamedTypeDefs {
  sdl: string
  source: string
}

/**
 * Merges the core SDL with the plugins' type defs and resolvers into one executable schema.
 *
 * graphql's own `buildASTSchema` does the merge: it takes type definitions and their
 * `extend type` extensions from one document. The resolvers are then set on the schema's
 * fields. That is all @graphql-tools/schema did here, with 91 modules to load before a dev
 * server's first page or a rebuild could query.
 */
export function buildSchema(typeDefs: (string | NamedTypeDefs)[], resolvers: GraphQLResolverMap[]): GraphQLSchema {
  try {
    const named = typeDefs.map((entry, index) => (typeof entry === 'string' ? { sdl: entry, source: `type defs #${index + 1}` } : entry))
    const documents = [{ sdl: coreTypeDefs, source: 'core type defs' }, ...named].map(({ sdl, source }) => parse(new Source(sdl, source)))
    const schema = buildASTSchema({ kind: Kind.DOCUMENT, definitions: documents.flatMap((document) => document.definitions) } satisfies DocumentNode)
    for (const map of [{ JSON: jsonScalar } as GraphQLResolverMap, coreResolvers, ...resolvers]) attachResolvers(schema, map)
    return schema
  } catch (error) {
    // A GraphQLError prints with its source's name, line and column (printError).
    const message = error instanceof GraphQLError ? error.toString() : error instanceof Error ? error.message : String(error)
    throw new SheafError(`The GraphQL schema could not be built: ${message}`, {
      hint: 'check the SDL a plugin adds with addTypeDefs (use `extend type Query { ... }` to add root fields) and that every resolver names a type and field it declares.',
      cause: error,
    })
  }
}

/** Sets one resolver map's functions on the schema: field resolvers, `__resolveType`/`__isTypeOf`, and scalar implementations. */
function attachResolvers(schema: GraphQLSchema, map: GraphQLResolverMap): void {
  for (const [typeName, entries] of Object.entries(map)) {
    const type = schema.getType(typeName)
    if (!type) throw new Error(`resolvers name the type "${typeName}", which the schema does not declare`)
    if (entries instanceof GraphQLScalarType) {
      if (!isScalarType(type)) throw new Error(`resolvers give a scalar implementation for "${typeName}", which is not a scalar`)
      type.serialize = entries.serialize
      type.parseValue = entries.parseValue
      type.parseLiteral = entries.parseLiteral
      if (entries.description) type.description = entries.description
      continue
    }
    if (isScalarType(type)) throw new Error(`the scalar "${typeName}" takes a GraphQLScalarType as its resolver`)
    for (const [fieldName, resolver] of Object.entries(entries)) {
      if (fieldName === '__resolveType' && (isInterfaceType(type) || isUnionType(type))) {
        type.resolveType = resolver as never
        continue
      }
      if (fieldName === '__isTypeOf' && isObjectType(type)) {
        type.isTypeOf = resolver as never
        continue
      }
      if (!isObjectType(type) && !isInterfaceType(type)) throw new Error(`resolvers name "${typeName}.${fieldName}", but "${typeName}" is not an object or interface type`)
      const field = type.getFields()[fieldName]
      if (!field) throw new Error(`resolvers name the field "${typeName}.${fieldName}", which the schema does not declare`)
      if (typeof resolver === 'function') field.resolve = resolver as never
      else if (resolver && typeof resolver === 'object' && 'resolve' in resolver) field.resolve = resolver.resolve as never
      else throw new Error(`the resolver of "${typeName}.${fieldName}" is neither a function nor { resolve }`)
    }
  }
}
