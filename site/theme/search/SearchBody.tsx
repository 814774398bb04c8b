import { SearchResults, type SearchResultsProps } from './SearchResults.tsx'
import type { SearchResult, SearchStatus } from './useSearch.ts'
import { useTexts } from '../hooks/useTexts.ts'

export interface SearchBodyProps extends Omit<SearchResultsProps, 'query' | 'groups' | 'busy'> {
  status: SearchStatus
  result: SearchResult | null
  /** The query as the input holds it: hits of an earlier one are shown busy. */
  query: string
}

/** What the dialog shows under the input: the loading state, a failure, or the hits. */
export function SearchBody({ status, result, query, ...results }: SearchBodyProps) {
  const texts = useTexts()
  if (status === 'loading')
    return (
      <div className="sheaf-search__loading" role="status" aria-live="polite">
        <span className="sheaf-search__spinner" aria-hidden="true" />
        {texts.searchLoadingText}
      </div>
    )
  if (status === 'error')
    return (
      <div className="sheaf-search__empty" role="alert">
        <p>{texts.searchLoadErrorText}</p>
      </div>
    )
  if (!result) return null
  return (
    <>
      {result.partial ? (
        // Parts of a sharded index failed: one message above what the other parts found.
        <div className="sheaf-search__empty" role="alert">
          <p>{texts.searchLoadErrorText}</p>
        </div>
      ) : null}
      <SearchResults {...results} query={result.query} groups={result.groups} busy={result.query !== query.trim()} />
    </>
  )
}
