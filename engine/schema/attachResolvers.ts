import {
  GraphQLScalarType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLSchema,
} from 'graphql'
import { isSheafError, SheafError } from '../errors.ts'
import type { GraphQLResolverMap, Resolver } from './types.ts'

/** Resolvers with the name of what added them (a plugin), shown when one of them throws. */
export interface NamedResolvers {
  resolvers: GraphQLResolverMap
  source: string
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

/**
 * A resolver whose error says which field and which plugin's resolver threw (a SheafError already says where: kept).
 */
function naming(resolver: Resolver, coordinate: string, source: string): Resolver {
  const rethrow = (error: unknown): never => {
    if (isSheafError(error)) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new SheafError(`The resolver of ${coordinate} (${source}) threw: ${message}`, {
      hint: `fix the resolver ${source} gives \`${coordinate}\` in addResolvers.`,
      cause: error,
    })
  }
  return (parent, args, context, info) => {
    try {
      const result = resolver(parent, args, context, info)
      return isThenable(result) ? Promise.resolve(result).catch(rethrow) : result
    } catch (error) {
      return rethrow(error)
    }
  }
}

/**
 * Sets one resolver map's functions on the schema: field resolvers, `__resolveType`/`__isTypeOf`, and scalar
 * implementations.
 */
export function attachResolvers(schema: GraphQLSchema, map: GraphQLResolverMap, source?: string): void {
  const by = source ? ` (${source})` : ''
  for (const [typeName, entries] of Object.entries(map)) {
    const type = schema.getType(typeName)
    if (!type) throw new Error(`resolvers${by} name the type "${typeName}", which the schema does not declare`)
    if (entries instanceof GraphQLScalarType) {
      if (!isScalarType(type))
        throw new Error(`resolvers${by} give a scalar implementation for "${typeName}", which is not a scalar`)
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
      if (!isObjectType(type) && !isInterfaceType(type))
        throw new Error(
          `resolvers${by} name "${typeName}.${fieldName}", but "${typeName}" is not an object or interface type`,
        )
      const field = type.getFields()[fieldName]
      if (!field)
        throw new Error(`resolvers${by} name the field "${typeName}.${fieldName}", which the schema does not declare`)
      const fn =
        typeof resolver === 'function'
          ? resolver
          : resolver && typeof resolver === 'object' && 'resolve' in resolver
            ? resolver.resolve
            : null
      if (typeof fn !== 'function')
        throw new Error(`the resolver of "${typeName}.${fieldName}"${by} is neither a function nor { resolve }`)
      field.resolve = (source ? naming(fn as Resolver, `${typeName}.${fieldName}`, source) : fn) as never
    }
  }
}

/** `Type.field` of every field a resolver map computes. */
export function computedFields(maps: readonly GraphQLResolverMap[]): Set<string> {
  const fields = new Set<string>()
  for (const map of maps) {
    for (const [typeName, entries] of Object.entries(map)) {
      if (entries instanceof GraphQLScalarType) continue
      for (const field of Object.keys(entries)) if (!field.startsWith('__')) fields.add(`${typeName}.${field}`)
    }
  }
  return fields
}
