import { useCallback, useState } from 'react'
import { HastContent, type TemplateProps } from 'sheaf/runtime'
import { markdownComponents } from '../markdown/components.tsx'

// The server loads the MDX components that are chunks of their own before it renders (see deferred.tsx).
export { prepareMarkdownComponents as prepare } from '../markdown/components.tsx'
import { DocToolbar } from '../components/DocToolbar.tsx'
import { hasTitleHeading } from '../components/hasTitleHeading.ts'
import { OverviewIndex } from '../components/OverviewIndex.tsx'
import { Sidebar } from '../components/Sidebar.tsx'
import { useLayoutData } from '../hooks/useLayoutData.ts'
import { usePageParts } from '../hooks/usePageParts.ts'
import { useRouteChange } from '../hooks/useRouteChange.ts'
import { useTexts } from '../hooks/useTexts.ts'
import type { OverviewQuery } from '../queries.generated.ts'
import type { TemplateData } from '../templateData.ts'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { title body }
    overview(path: $path) @slot { name items { text link description headers { text id depth } } }
  }
`

export type OverviewData = TemplateData<OverviewQuery>

/** An overview page: its own text, then an index of the pages below it grouped by sidebar section. */
export default function Overview({ data, path }: TemplateProps<OverviewData>) {
  const texts = useTexts()
  const parts = usePageParts()
  const sidebarItems = useLayoutData().sidebar ?? []
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const closeSidebar = useCallback(() => setSidebarOpen(false), [])
  useRouteChange(closeSidebar)
  const showSidebar = parts.sidebar && sidebarItems.length > 0

  return (
    <div className={`doc-layout no-outline${showSidebar ? '' : ' no-sidebar'}`}>
      <DocToolbar
        menuText={texts.menuText}
        sidebarOpen={sidebarOpen}
        hasSidebar={showSidebar}
        onOpenSidebar={() => setSidebarOpen(true)}
        outline={null}
      />
      {showSidebar ? <Sidebar items={sidebarItems} route={path} open={sidebarOpen} onClose={closeSidebar} /> : null}
      <div className="doc-main">
        <article className="doc doc--overview">
          <div className="prose">
            {hasTitleHeading(data.page.body) ? null : <h1>{data.page.title}</h1>}
            <HastContent tree={data.page.body} components={markdownComponents} />
          </div>
          <OverviewIndex groups={data.overview ?? []} />
        </article>
      </div>
    </div>
  )
}
