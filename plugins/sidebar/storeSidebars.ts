import type { QueryContext, SheafNode, SidebarItem } from 'sheaf'
import { buildSidebars } from './buildSidebars.ts'
import type { SidebarOptions } from './index.ts'
import { translateLabels } from './translateLabels.ts'
import type { MetaFile, Sidebar, SidebarPage } from './types.ts'

const built = new WeakMap<object, Sidebar[]>()

/**
 * The site's sidebars, built once per node store from its pages, its `_meta.json` files and
 * `themeConfig.sidebar`, their labels translated.
 */
export function sidebarsOf(context: QueryContext, options: Pick<SidebarOptions, 'auto' | 'labels'>): Sidebar[] {
  let sidebars = built.get(context.store)
  if (!sidebars) {
    const pages = context.store.getNodesByType('Page').map(toSidebarPage)
    const metas = context.store.getNodesByType('File').filter(isMeta).map(toMetaFile)
    const paged = new Set(pages.map((page) => page.relativePath))
    const withoutPage = new Set(
      context.store
        .getNodesByType('File')
        .map((node) => String(node.relativePath))
        .filter((file) => /\.mdx?$/.test(file) && !paged.has(file)),
    )
    sidebars = translateLabels(
      buildSidebars(
        pages,
        metas,
        (context.site.themeConfig as { sidebar?: Record<string, SidebarItem[]> }).sidebar,
        options.auto,
        withoutPage,
      ),
      options.labels,
    )
    built.set(context.store, sidebars)
  }
  return sidebars
}

export function isMeta(node: SheafNode): boolean {
  return (
    typeof node.relativePath === 'string' &&
    (node.relativePath === '_meta.json' || node.relativePath.endsWith('/_meta.json'))
  )
}

function toMetaFile(node: SheafNode): MetaFile {
  return {
    relativePath: String(node.relativePath),
    sourcePath: String(node.sourcePath),
    content: String(node.content ?? ''),
  }
}

export function toSidebarPage(node: SheafNode): SidebarPage {
  return {
    path: String(node.path),
    title: String(node.title),
    description: String(node.description ?? ''),
    relativePath: String(node.relativePath),
    sourcePath: String(node.sourcePath),
    version: (node.version as string | null) ?? null,
    lang: (node.lang as string | null) ?? null,
    versionPrefix: String(node.versionPrefix ?? ''),
    langPrefix: String(node.langPrefix ?? ''),
    pageType: String(node.pageType),
    toc: (node.toc as SidebarPage['toc']) ?? [],
  }
}
