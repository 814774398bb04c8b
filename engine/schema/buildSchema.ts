import { makeExecutableSchema } from '@graphql-tools/schema'
import {
  buildASTSchema,
  GraphQLError,
  GraphQLScalarType,
  isObjectType,
  Kind,
  parse,
  Source,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql'
// graphql's own SDL rules, whose errors keep their locations (buildASTSchema joins their messages without them).
import { validateSDL } from 'graphql/validation/validate.js'
import { SheafError } from '../errors.ts'
import { NodeStore } from '../store/nodeStore.ts'
import { attachResolvers, computedFields, type NamedResolvers } from './attachResolvers.ts'
import { coreResolvers } from './coreResolvers.ts'
import { coreTypeDefs } from './coreTypeDefs.ts'
import { generatedTypeDefs } from './generate/generatedTypeDefs.ts'
import { nodeTypeDefs } from './generate/nodeTypeDefs.ts'
import { rootFieldResolvers } from './generate/rootFields.ts'
import { applyLinks, linkDirectiveTypeDefs } from './linkDirective.ts'
import { nodeResolvers } from './nodeResolvers.ts'
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

export type { NamedResolvers }

function definitionsOf(entries: readonly NamedTypeDefs[]): DefinitionNode[] {
  // Each document keeps its Source: an error's location then names the plugin (printError).
  return entries.flatMap(({ sdl, source }) => (sdl.trim() === '' ? [] : parse(new Source(sdl, source)).definitions))
}

const documentOf = (definitions: readonly DefinitionNode[]): DocumentNode => ({ kind: Kind.DOCUMENT, definitions })

/**
 * One executable schema from the core SDL, the plugins' SDL and resolvers, and the nodes in the
 * store, as Gatsby's data layer makes it: node types not declared are inferred from their nodes,
 * every node type gets `x`/`allX` root fields with Gatsby 5's filter, sort and connection, `@link`
 * fields and `parent`/`children`/`childX` resolve through the store, recording what they read.
 */
export function buildSchema(
  typeDefs: (string | NamedTypeDefs)[],
  resolvers: (GraphQLResolverMap | NamedResolvers)[],
  store: NodeStore = new NodeStore(),
): GraphQLSchema {
  try {
    const named = typeDefs.map((entry, index) =>
      typeof entry === 'string' ? { sdl: entry, source: `type defs #${index + 1}` } : entry,
    )
    const plugins = resolvers.map((entry) =>
      'resolvers' in entry && 'source' in entry && typeof entry.source === 'string'
        ? (entry as NamedResolvers)
        : { resolvers: entry as GraphQLResolverMap, source: '' },
    )
    const declared = definitionsOf([{ sdl: coreTypeDefs + linkDirectiveTypeDefs, source: 'core type defs' }, ...named])
    const nodeTypes = nodeTypeDefs(declared, store)
    const withNodes = [...declared, ...definitionsOf([{ sdl: nodeTypes.sdl, source: 'inferred node types' }])]
    // Validates the SDL as written (an error's location names its plugin) and tells the generator every field's final
    // type.
    const sdlErrors = validateSDL(documentOf(withNodes))
    if (sdlErrors.length > 0)
      throw new SheafError(
        `The GraphQL schema could not be built:\n${sdlErrors.map((error) => error.toString()).join('\n\n')}`,
        { hint: 'fix the SDL at the place shown (its source names the plugin that added it with addTypeDefs).' },
      )
    const written = buildASTSchema(documentOf(withNodes), { assumeValidSDL: true })
    const computed = computedFields([coreResolvers, ...plugins.map((entry) => entry.resolvers)])
    for (const [type, children] of nodeTypes.childTypes)
      for (const child of children) computed.add(`${type}.child${child}`).add(`${type}.children${child}`)
    const declaredRoots = new Set(Object.keys(written.getQueryType()?.getFields() ?? {}))
    const generated = generatedTypeDefs(written, nodeTypes.names, computed, store)
    const schema = makeExecutableSchema({
      typeDefs: documentOf([...withNodes, ...definitionsOf([{ sdl: generated, source: 'generated root fields' }])]),
    })
    const engineMaps = [
      { JSON: jsonScalar } as GraphQLResolverMap,
      coreResolvers,
      nodeResolvers(nodeTypes.names, nodeTypes.childTypes),
      ...nodeTypes.names.map((name) => rootFieldResolvers(name, declaredRoots)),
    ]
    for (const map of engineMaps) attachResolvers(schema, map)
    for (const { resolvers: map, source } of plugins) attachResolvers(schema, map, source || undefined)
    return applyLinks(schema, new Set(nodeTypes.names.filter((name) => isObjectType(schema.getType(name)))))
  } catch (error) {
    if (error instanceof SheafError) throw error
    // A GraphQLError prints with its source's name, line and column (printError).
    const message =
      error instanceof GraphQLError ? error.toString() : error instanceof Error ? error.message : String(error)
    throw new SheafError(`The GraphQL schema could not be built: ${message}`, {
      hint:
        'check the SDL a plugin adds with addTypeDefs (use `extend type Query { ... }` to add root fields) ' +
        'and that every resolver names a type and field it declares.',
      cause: error,
    })
  }
}
