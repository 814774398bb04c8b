import type { MouseEvent } from 'react'
import type { DisplayGroup } from './remoteSearch.ts'
import { SearchHitOption } from './SearchHitOption.tsx'
import type { SearchHit } from './searchShared.ts'
import { formatText, useTexts, type UiTexts } from '../hooks/useTexts.ts'

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
/** Local groups are keyed by hit type; their labels are UI texts (a remote group is named by its index). */
const groupTextKeys: Record<string, keyof UiTexts> = {
  title: 'searchPagesGroup',
  header: 'searchSectionsGroup',
  content: 'searchContentGroup',
}

export function SearchResults({
  listboxId,
  query,
  groups,
  busy = false,
  activeIndex,
  optionId,
  hrefOf,
  onActivate,
  onChoose,
}: SearchResultsProps) {
  const texts = useTexts()
  if (groups.every((group) => group.hits.length === 0)) {
    return (
      <div className="sheaf-search__empty" role="status">
        <p className="sheaf-search__empty-title">{texts.searchNoGroupResultsText}</p>
        <p>{formatText(texts.searchNoResultsText, { query })}</p>
        <p>{texts.searchSuggestionText}</p>
      </div>
    )
  }
  let position = 0
  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label={texts.searchResultsLabel}
      aria-busy={busy}
      className="sheaf-search__results"
    >
      {groups.map((group) => {
        const labelId = `${listboxId}-${group.key}`
        return (
          <div key={group.key} role="group" aria-labelledby={labelId} className="sheaf-search__group">
            <div id={labelId} role="presentation" className="sheaf-search__group-label">
              {group.key in groupTextKeys ? texts[groupTextKeys[group.key]] : group.label}
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
