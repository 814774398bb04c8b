import path from 'node:path'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { isPageHeadTag } from '../shared/headTag.ts'
import type { PageData } from '../shared/types.ts'
import { pluginHeadTags } from './documentInputs.ts'
import type { RenderContext } from './renderContext.ts'

/** Runs a page's queries (template and layout) with its context: the page data. */
export async function queryPageData(
  page: RegisteredPage,
  context: RenderContext,
  reads?: Set<string>,
): Promise<PageData> {
  const { dataLayer, theme, config, assets } = context
  const template = theme.templates.get(page.template)
  if (!template) throw new Error(`No template named ${page.template}`)
  // As in Gatsby, the page's path is a query variable of its own; the context may still set `path`.
  const variables = { path: page.path, ...page.context }
  const data = template.query
    ? await dataLayer.query(template.query, variables, path.relative(config.root, template.file), reads)
    : {}
  const layoutData = theme.layout?.query
    ? await dataLayer.query(theme.layout.query, variables, path.relative(config.root, theme.layout.file), reads)
    : {}
  const pageData: PageData = {
    path: page.path,
    template: page.template,
    context: page.context,
    data,
    layoutData,
    bundle: assets.bundle,
  }
  // Every page names the one results file: any template or the layout may show a static query.
  if (context.statics) pageData.staticQueries = context.statics.url
  const pageTags = pluginHeadTags(pageData, context).filter(isPageHeadTag)
  if (pageTags.length > 0) pageData.head = pageTags
  return pageData
}
