/**
 * A template's data: the result type `sheaf typegen` generated from its query (queries.generated.ts),
 * with `page` never null, since a template renders a page that exists. Templates take their data
 * types from here only, so a query and the type its component reads cannot drift apart.
 */
export type TemplateData<Query> = Query extends { page: infer Page }
  ? Omit<Query, 'page'> & { page: NonNullable<Page> }
  : Query
