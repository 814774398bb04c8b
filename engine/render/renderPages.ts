import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import type { BuiltPage } from '../plugins/types.ts'
import { routeToHtmlFile } from '../shared/routes.ts'
import type { PageData, SiteData } from '../shared/types.ts'
import { htmlShell, type ClientAssets } from './htmlShell.ts'
import type { LoadedTheme } from './loadTheme.ts'
import { renderApp } from './renderApp.tsx'

export interface RenderedPage extends BuiltPage {
  html: string
  pageData: PageData
}

export interface RenderContext {
  dataLayer: DataLayer
  theme: LoadedTheme
  siteData: SiteData
  config: ResolvedConfig
  runner: PluginRunner
  mode: 'build' | 'develop'
  assets: ClientAssets
}

/** Runs a page's queries (template and layout) with its context: the page data. */
export async function queryPageData(page: RegisteredPage, context: RenderContext, reads?: Set<string>): Promise<PageData> {
  const { dataLayer, theme, config, assets } = context
  const template = theme.templates.get(page.template)
  if (!template) throw new Error(`No template named ${page.template}`)
  const data = template.query ? await dataLayer.query(template.query, page.context, path.relative(config.root, template.file), reads) : {}
  const layoutData = theme.layout?.query ? await dataLayer.query(theme.layout.query, page.context, path.relative(config.root, theme.layout.file), reads) : {}
  return { path: page.path, template: page.template, context: page.context, data, layoutData, bundle: assets.bundle }
}

/** Renders one page's document from its page data. */
export function renderDocument(pageData: PageData, context: RenderContext): string {
  const { theme, siteData, config, runner, mode, assets } = context
  const app = renderApp(siteData, pageData, theme)
  const headTags = runner.headTags({ path: pageData.path, template: pageData.template, mode, base: config.base })
  const lang = context.dataLayer.pageLang(pageData.path) ?? config.lang
  return htmlShell({ lang, head: app.head, body: app.body, page: pageData, assets, headTags: [...config.head, ...headTags] })
}

/** Renders every page: queries, then HTML. */
export async function renderPages(pages: RegisteredPage[], context: RenderContext): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = []
  for (const page of pages) {
    const pageData = await queryPageData(page, context)
    const html = renderDocument(pageData, context)
    rendered.push({ path: page.path, template: page.template, context: page.context, data: pageData.data, htmlFile: routeToHtmlFile(page.path), html, pageData })
  }
  return rendered
}
