import type { ComponentType } from 'react'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import type { PageData, TemplateProps } from '../shared/types.ts'
import { staticQueriesOf } from './staticQueries.ts'

/** What the client shows: a page's data, its template, and the site's static query results. */
export interface View {
  page: PageData
  Template: ComponentType<TemplateProps>
  /** The site's static query results (loaded once: see staticQueries.ts). */
  statics?: StaticQueryResults
}

export type LoadTemplate = (name: string) => Promise<ComponentType<TemplateProps>>

/** A page's view: its template's chunk and the static query results load side by side. */
export async function loadView(page: PageData, loadTemplate: LoadTemplate): Promise<View> {
  const [Template, statics] = await Promise.all([loadTemplate(page.template), staticQueriesOf(page)])
  return { page, Template, statics }
}
