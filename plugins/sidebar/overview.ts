import type { SidebarItem, SidebarPage } from './types.ts'

export interface OverviewGroup {
  name: string
  items: { text: string; link: string; description: string; headers: { text: string; id: string; depth: number }[] }[]
}

/**
 * The index an overview page shows: the pages of the sidebar group it heads
 * (or of the whole sidebar when it is a top-level page), grouped by sub-group;
 * pages outside any sub-group go to `defaultGroup`.
 */
export function buildOverview(
  items: SidebarItem[],
  path: string,
  defaultGroup: string,
  headersDepth: number,
  pageAt: (link: string) => SidebarPage | undefined,
): OverviewGroup[] {
  const scope = findGroup(items, path)?.items ?? items
  const groups: OverviewGroup[] = []
  const others: OverviewGroup = { name: defaultGroup, items: [] }
  const toEntry = (item: SidebarItem) => {
    const page = item.link ? pageAt(item.link) : undefined
    if (!item.link || item.link === path) return null
    return {
      text: item.text,
      link: item.link,
      description: page?.description ?? '',
      headers: (page?.toc ?? [])
        .filter((entry) => entry.depth <= headersDepth)
        .map(({ text, id, depth }) => ({ text, id, depth })),
    }
  }
  for (const item of scope) {
    if (item.items) {
      const entries = collectLinks(item)
        .map(toEntry)
        .filter((entry) => entry !== null)
      if (entries.length) groups.push({ name: item.text, items: entries })
    } else {
      const entry = toEntry(item)
      if (entry) others.items.push(entry)
    }
  }
  return others.items.length ? [...groups, others] : groups
}

function findGroup(items: SidebarItem[], path: string): SidebarItem | undefined {
  for (const item of items) {
    if (item.items && item.link === path) return item
    const inner = item.items ? findGroup(item.items, path) : undefined
    if (inner) return inner
  }
  return undefined
}

function collectLinks(item: SidebarItem): SidebarItem[] {
  const links: SidebarItem[] = item.link ? [item] : []
  for (const child of item.items ?? []) links.push(...collectLinks(child))
  return links
}
