import type { MouseEvent } from 'react'
import type { DisplayGroup } from './remoteSearch.ts'
import { SearchHitOption } from './SearchHitOption.tsx'
import type { SearchHit } from './searchShared.ts'

export interface SearchResultsProps {
  listboxId: string
  query: string
  groups: DisplayGroup[]
  /** The hits answer an earlier query than the input holds (a newer one is on its way). */
  busy?: boolean
  activeIndex: number
  optionId(index: number): string
  hrefOf(hit: SearchHit): string
  onActivate(index: number): void
  onChoose(hit: SearchHit, event: MouseEvent<HTMLAnchorElement>): void
}

/**
 * The hits, grouped (by type locally, by index for a remote search), as one
 * listbox whose options are numbered across groups so the arrow keys walk
 * through all of them. With no hits it says so (SPEC §8).
 */
export function SearchResults({ listboxId, query, groups, busy = false, activeIndex, optionId, hrefOf, onActivate, onChoose }: SearchResultsProps) {
  if (groups.every((group) => group.hits.length === 0)) {
    return (
      <div className="sheaf-search__empty" role="status">
        <p className="sheaf-search__empty-title">No results found</p>
        <p>No results for "{query}".</p>
        <p>Please try again with a different keyword.</p>
      </div>
    )
  }
  let position = 0
  return (
    <div id={listboxId} role="listbox" aria-label="Search results" aria-busy={busy} className="sheaf-search__results">
      {groups.map((group) => {
        const labelId = `${listboxId}-${group.key}`
        return (
          <div key={group.key} role="group" aria-labelledby={labelId} className="sheaf-search__group">
            <div id={labelId} role="presentation" className="sheaf-search__group-label">
              {group.label}
            </div>
            {group.hits.map((hit) => {
              const index = position++
              return (
                <SearchHitOption
                  key={hit.id}
                  hit={hit}
                  id={optionId(index)}
                  href={hrefOf(hit)}
                  active={index === activeIndex}
                  onActivate={() => onActivate(index)}
                  onChoose={(event) => onChoose(hit, event)}
                />
              )
            })}
          </div>
        )
      })}
    </div>
  )
}
