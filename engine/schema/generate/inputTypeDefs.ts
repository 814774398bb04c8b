import type { InputNode } from './inputTree.ts'

/** Gatsby 5's operator inputs, enums and page info, shared by every node type's inputs. */
export const sharedInputTypeDefs =
  /* GraphQL */ `
  input StringQueryOperatorInput { eq: String ne: String in: [String] nin: [String] regex: String glob: ` +
  `String }
  input IntQueryOperatorInput { eq: Int ne: Int gt: Int gte: Int lt: Int lte: Int in: [Int] nin: ` +
  `[Int] }
  input FloatQueryOperatorInput { eq: Float ne: Float gt: Float gte: Float lt: Float lte: Float in: ` +
  `[Float] nin: [Float] }
  input BooleanQueryOperatorInput { eq: Boolean ne: Boolean in: [Boolean] nin: ` +
  `[Boolean] }
  input JSONQueryOperatorInput { eq: JSON ne: JSON gt: JSON gte: JSON lt: JSON lte: JSON in: ` +
  `[JSON] nin: [JSON] regex: String glob: String }
  enum SortOrderEnum { ASC DESC }
  enum FieldSelectorEnum { ` +
  `SELECT }
  type PageInfo {
    currentPage: Int!
    hasPreviousPage: Boolean!
    hasNextPage: ` +
  `Boolean!
    itemCount: Int!
    pageCount: Int!
    perPage: Int
    totalCount: Int!
  }
`

/**
 * The filter, sort and field-selector inputs of one object (`AuthorFilterInput`, `AuthorSortInput`,
 * `AuthorFieldSelector`), and those of the objects inside it, each written once into `out`.
 */
export function writeInputTypes(tree: InputNode, out: Map<string, string>): void {
  if (tree.kind !== 'object' || out.has(`${tree.name}FilterInput`)) return
  out.set(`${tree.name}FilterInput`, '')
  const filter: string[] = []
  const sort: string[] = []
  const select: string[] = []
  for (const [field, { node, list }] of tree.fields) {
    if (node.kind === 'scalar') {
      filter.push(`${field}: ${node.scalar}QueryOperatorInput`)
      sort.push(`${field}: SortOrderEnum`)
      select.push(`${field}: FieldSelectorEnum`)
      continue
    }
    writeInputTypes(node, out)
    if (list) {
      out.set(`${node.name}FilterListInput`, `input ${node.name}FilterListInput { elemMatch: ${node.name}FilterInput }`)
      filter.push(`${field}: ${node.name}FilterListInput`)
    } else filter.push(`${field}: ${node.name}FilterInput`)
    sort.push(`${field}: ${node.name}SortInput`)
    select.push(`${field}: ${node.name}FieldSelector`)
  }
  out.set(`${tree.name}FilterInput`, `input ${tree.name}FilterInput { ${filter.join(' ')} }`)
  out.set(`${tree.name}SortInput`, `input ${tree.name}SortInput { ${sort.join(' ')} }`)
  out.set(`${tree.name}FieldSelector`, `input ${tree.name}FieldSelector { ${select.join(' ')} }`)
}
