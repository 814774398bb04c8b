// Compile-time link between each theme module's query and the data type it declares:
// `sheaf typegen` derives the query result types from the schema (queries.generated.ts),
// and here each must fit the type its component reads. Dropping or renaming a field in a
// query, or asking for one the schema lacks, fails `npm run typecheck`.
import type { Root } from 'hast'
import type { LayoutData } from './components/layoutData.ts'
import type { BlankQuery, CustomQuery, DocQuery, HomeQuery, LayoutQuery, OverviewQuery } from './queries.generated.ts'
import type { DocData } from './templates/Doc.tsx'
import type { HomeData } from './templates/Home.tsx'
import type { OverviewData } from './templates/Overview.tsx'

type Expect<Condition extends true> = Condition
/** Templates render pages that exist, so their `page` is never null. */
type ForExistingPage<Query> = Query extends { page: infer Page } ? Omit<Query, 'page'> & { page: NonNullable<Page> } : Query
type Fits<Generated, Declared> = [Generated] extends [Declared] ? true : false

export type QueryTypeChecks = [
  Expect<Fits<LayoutQuery, LayoutData>>,
  Expect<Fits<ForExistingPage<DocQuery>, DocData>>,
  Expect<Fits<ForExistingPage<HomeQuery>, HomeData>>,
  Expect<Fits<ForExistingPage<OverviewQuery>, OverviewData>>,
  Expect<Fits<ForExistingPage<BlankQuery>, { page: { body: Root } }>>,
  Expect<Fits<ForExistingPage<CustomQuery>, { page: { title: string; body: Root } }>>,
]
