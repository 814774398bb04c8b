import { useEffect, useState } from 'react'
import { usePageData } from 'sheaf/runtime'
import { useLayoutData } from './useLayoutData.ts'

/** The page parts a reader or an author can switch off. */
export type PagePart = 'navbar' | 'sidebar' | 'outline' | 'footer'

export type PageParts = Record<PagePart, boolean>

const partNames: PagePart[] = ['navbar', 'sidebar', 'outline', 'footer']

/**
 * Which page parts to show. Front-matter `sidebar: false` (etc.) hides a part
 * on every render; a query parameter `?sidebar=0` hides it too, but is read in
 * an effect so the server render and hydration still match.
 */
export function usePageParts(): PageParts {
  const { path } = usePageData()
  const frontmatter = useLayoutData().page?.frontmatter ?? {}
  const [hiddenByQuery, setHiddenByQuery] = useState<PagePart[]>([])

  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    const hidden = partNames.filter((part) => params.get(part) === '0')
    setHiddenByQuery((previous) => (previous.join() === hidden.join() ? previous : hidden))
  }, [path])

  const parts = {} as PageParts
  for (const part of partNames) parts[part] = frontmatter[part] !== false && !hiddenByQuery.includes(part)
  return parts
}
