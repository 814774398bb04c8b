import { usePageData } from 'sheaf/runtime'
import type { LayoutData } from '../components/layoutData.ts'

/**
 * The layout query's result for the current page (sidebar, nav, versions, UI
 * texts), readable from any template or component under the layout.
 */
export function useLayoutData(): Partial<LayoutData> {
  return usePageData().layoutData as Partial<LayoutData>
}
