import { useCallback, useState } from 'react'
import { HastContent, useSiteData, type TemplateProps } from 'sheaf/runtime'
import { useImageZoom } from '../furniture/useImageZoom.ts'
import { markdownComponents } from '../markdown/components.tsx'

// The server loads the MDX components that are chunks of their own before it renders (see deferred.tsx).
export { prepareMarkdownComponents as prepare } from '../markdown/components.tsx'
import { CopyMarkdownButton } from '../components/CopyMarkdownButton.tsx'
import { DocToolbar } from '../components/DocToolbar.tsx'
import { EditLink } from '../components/EditLink.tsx'
import { hasTitleHeading } from '../components/hasTitleHeading.ts'
import { LastUpdated } from '../components/LastUpdated.tsx'
import { Outline } from '../components/Outline.tsx'
import { PrevNext } from '../components/PrevNext.tsx'
import { Sidebar } from '../components/Sidebar.tsx'
import { useLayoutData } from '../hooks/useLayoutData.ts'
import { usePageParts } from '../hooks/usePageParts.ts'
import { useRouteChange } from '../hooks/useRouteChange.ts'
import { useTexts } from '../hooks/useTexts.ts'
import type { DocQuery } from '../queries.generated.ts'
import type { TemplateData } from '../templateData.ts'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { title body toc { text id depth } lastUpdated sourcePath lang path }
    prevNext(path: $path) @slot { prev { text link } next { text link } }
  }
`

export type DocData = TemplateData<DocQuery>

/** A documentation page: sidebar, article, outline, last-updated line, edit link, previous/next. */
export default function Doc({ data, path }: TemplateProps<DocData>) {
  const { themeConfig, lang: siteLang } = useSiteData()
  const texts = useTexts()
  const parts = usePageParts()
  const sidebarItems = useLayoutData().sidebar ?? []
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const closeSidebar = useCallback(() => setSidebarOpen(false), [])
  useRouteChange(closeSidebar)
  useImageZoom(path)

  const { page, prevNext } = data
  const showSidebar = parts.sidebar && sidebarItems.length > 0
  const showOutline = parts.outline && page.toc.some((entry) => entry.depth >= 2)
  const outlineTitle = texts.outlineTitle
  const editLink = themeConfig.editLink

  return (
    <div className={`doc-layout${showSidebar ? '' : ' no-sidebar'}${showOutline ? '' : ' no-outline'}`}>
      <DocToolbar
        menuText={texts.menuText}
        sidebarOpen={sidebarOpen}
        hasSidebar={showSidebar}
        onOpenSidebar={() => setSidebarOpen(true)}
        outline={showOutline ? <Outline toc={page.toc} title={outlineTitle} variant="toolbar" /> : null}
      />
      {showSidebar ? <Sidebar items={sidebarItems} route={path} open={sidebarOpen} onClose={closeSidebar} /> : null}
      <div className="doc-main">
        <article className="doc">
          <div className="doc-actions">
            <CopyMarkdownButton path={page.path} />
          </div>
          <div className="prose">
            {hasTitleHeading(page.body) ? null : <h1>{page.title}</h1>}
            <HastContent tree={page.body} components={markdownComponents} />
          </div>
          <footer className="doc-footer">
            <div className="doc-footer__meta">
              {editLink && page.sourcePath ? (
                <EditLink
                  docRepoBaseUrl={editLink.docRepoBaseUrl}
                  sourcePath={page.sourcePath}
                  text={editLink.text ?? texts.editLinkText}
                />
              ) : null}
              {themeConfig.lastUpdated && page.lastUpdated ? (
                <LastUpdated value={page.lastUpdated} label={texts.lastUpdatedText} lang={page.lang ?? siteLang} />
              ) : null}
            </div>
            {prevNext ? (
              <PrevNext
                prev={prevNext.prev}
                next={prevNext.next}
                prevText={texts.prevPageText}
                nextText={texts.nextPageText}
              />
            ) : null}
          </footer>
        </article>
      </div>
      {showOutline ? <Outline toc={page.toc} title={outlineTitle} /> : null}
    </div>
  )
}
