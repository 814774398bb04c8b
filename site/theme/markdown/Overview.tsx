import { usePageData, type SidebarItem } from 'sheaf/runtime'
import { OverviewIndex, type OverviewGroup } from '../components/OverviewIndex.tsx'
import { useLayoutData } from '../hooks/useLayoutData.ts'

export interface OverviewProps {
  /** The title of the group of pages that are not in a sidebar section (default 'Others'). */
  defaultGroupTitle?: string
  /** Accepted for Rspress pages: this theme lists level-2 headings. */
  overviewHeaders?: number[]
}

/**
 * Rspress's `<Overview />` in a page: the index of the pages below it. On an overview page (its
 * template queried `overview`) that index; on any other, the page's sidebar, one group per section.
 */
export function Overview({ defaultGroupTitle = 'Others' }: OverviewProps) {
  const page = usePageData()
  const sidebar = useLayoutData().sidebar ?? []
  const queried = (page.data as { overview?: OverviewGroup[] }).overview
  const groups = Array.isArray(queried) ? queried : groupsFromSidebar(sidebar, page.path, defaultGroupTitle)
  return <OverviewIndex groups={groups} />
}

/** Sections become groups of their links; loose links gather under the default title. The page itself is left out. */
export function groupsFromSidebar(items: SidebarItem[], current: string, defaultTitle: string): OverviewGroup[] {
  const loose: OverviewGroup = { name: defaultTitle, items: [] }
  const groups: OverviewGroup[] = []
  for (const item of items) {
    if (item.items?.length) {
      const links = collectLinks(item.items).filter((link) => link.link !== current)
      if (item.link && item.link !== current) links.unshift({ text: item.text ?? '', link: item.link })
      if (links.length > 0) groups.push({ name: item.text ?? defaultTitle, items: links.map(asCard) })
    } else if (item.link && item.link !== current) loose.items.push(asCard({ text: item.text ?? '', link: item.link }))
  }
  return loose.items.length > 0 ? [...groups, loose] : groups
}

function collectLinks(items: SidebarItem[]): { text: string; link: string }[] {
  return items.flatMap((item) => [
    ...(item.link ? [{ text: item.text ?? '', link: item.link }] : []),
    ...collectLinks(item.items ?? []),
  ])
}

function asCard(link: { text: string; link: string }): OverviewGroup['items'][number] {
  return { ...link, description: '', headers: [] }
}
