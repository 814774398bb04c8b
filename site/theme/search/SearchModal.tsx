import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react'
import { encodeRouteHref, isExternalHref, useRouter, useSiteData, withBase } from 'sheaf/runtime'
import { SearchBody } from './SearchBody.tsx'
import { SearchField } from './SearchField.tsx'
import type { SearchClientConfig, SearchHit } from './searchShared.ts'
import { useBodyScrollLock } from './useBodyScrollLock.ts'
import { useFocusTrap } from './useFocusTrap.ts'
import { useHitNavigation } from './useHitNavigation.ts'
import { useSearch } from './useSearch.ts'
import { useTexts } from '../hooks/useTexts.ts'
// The modal's styles load with its chunk, not with every page (see the file's header).
import '../styles/searchModal.css'

export interface SearchModalProps {
  placeholder: string
  indexUrl: string | null | undefined
  config?: Partial<SearchClientConfig>
  /** Closes the modal; `restoreFocus` is false after a navigation. */
  onClose(options?: { restoreFocus?: boolean }): void
}

/**
 * The search dialog: an input driving a listbox of grouped hits. Focus
 * stays in the input (the current hit is its aria-activedescendant); arrow
 * keys move through every hit and wrap, Enter opens the current one, Escape
 * closes, Tab cycles inside the dialog.
 */
export function SearchModal({ placeholder, indexUrl, config, onClose }: SearchModalProps) {
  const texts = useTexts()
  const { base } = useSiteData()
  const router = useRouter()
  const { query, setQuery, status, result } = useSearch(indexUrl, config)
  const dialogRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const listboxId = `${id}-results`
  const optionId = (index: number) => `${id}-hit-${index}`
  // One list per answer: the current hit goes back to the first only when the answer changes.
  const hits = useMemo(() => result?.groups.flatMap((group) => group.hits) ?? [], [result])
  const hrefOf = (hit: SearchHit) => (isExternalHref(hit.link) ? hit.link : withBase(encodeRouteHref(hit.link), base))
  const choose = (hit: SearchHit) => {
    onClose({ restoreFocus: false })
    void router.navigate(hrefOf(hit))
  }
  const { activeIndex, setActiveIndex, onKeyDown } = useHitNavigation(hits, optionId, choose)

  useFocusTrap(dialogRef)
  useEffect(() => inputRef.current?.focus(), [])
  useBodyScrollLock()

  function onHitClick(hit: SearchHit, event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks open a new tab or window: leave those to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    choose(hit)
  }

  return (
    <div
      className="sheaf-search__overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="sheaf-search__dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            onClose()
          }
        }}
      >
        <h2 id={`${id}-title`} className="sheaf-sr-only">
          Search
        </h2>
        <SearchField
          inputRef={inputRef}
          placeholder={placeholder}
          query={query}
          onQuery={setQuery}
          onKeyDown={onKeyDown}
          listboxId={listboxId}
          activeOptionId={hits.length > 0 ? optionId(activeIndex) : undefined}
          clearLabel={texts.searchClearText}
        />
        <SearchBody
          status={status}
          result={result}
          query={query}
          listboxId={listboxId}
          activeIndex={activeIndex}
          optionId={optionId}
          hrefOf={hrefOf}
          onActivate={setActiveIndex}
          onChoose={onHitClick}
        />
      </div>
    </div>
  )
}
