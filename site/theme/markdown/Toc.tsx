import { usePageData } from 'sheaf/runtime'

interface TocEntry {
  text: string
  id: string
  depth: number
}

/**
 * The page's headings (levels 2 and 3) as a list of links, where the page puts `<Toc />`, as in
 * Rspress. A plain list, not a landmark: the outline beside the article is the page's navigation.
 */
export function Toc() {
  const data = usePageData().data as { page?: { toc?: TocEntry[] } }
  const entries = (data.page?.toc ?? []).filter((entry) => entry.depth === 2 || entry.depth === 3)
  if (entries.length === 0) return null
  return (
    <ul className="sheaf-toc">
      {entries.map((entry) => (
        <li key={entry.id} className={`sheaf-toc__item sheaf-toc__item--${entry.depth}`}>
          <a href={`#${entry.id}`}>{entry.text}</a>
        </li>
      ))}
    </ul>
  )
}
