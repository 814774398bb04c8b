import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { encodeRouteHref, isExternalHref, useRouter, useSiteData, withBase } from 'sheaf/runtime'
import { SearchResults } from './SearchResults.tsx'
import type { SearchClientConfig, SearchHit } from './searchShared.ts'
import { useFocusTrap } from './useFocusTrap.ts'
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
  const [activeIndex, setActiveIndex] = useState(0)
  const dialogRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const listboxId = `${id}-results`
  const optionId = (index: number) => `${id}-hit-${index}`
  const hits = result?.groups.flatMap((group) => group.hits) ?? []
  const hrefOf = (hit: SearchHit) => (isExternalHref(hit.link) ? hit.link : withBase(encodeRouteHref(hit.link), base))

  useFocusTrap(dialogRef)
  useEffect(() => inputRef.current?.focus(), [])
  useEffect(() => setActiveIndex(0), [result])
  useEffect(() => {
    document.getElementById(`${id}-hit-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [id, activeIndex])
  useEffect(() => {
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
    }
  }, [])

  function choose(hit: SearchHit) {
    onClose({ restoreFocus: false })
    void router.navigate(hrefOf(hit))
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (hits.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + hits.length) % hits.length)
    } else if (event.key === 'Enter') {
      const hit = hits[activeIndex]
      if (!hit) return
      event.preventDefault()
      choose(hit)
    }
  }

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
        <div className="sheaf-search__field">
          <SearchIcon />
          <input
            ref={inputRef}
            className="sheaf-search__input"
            type="text"
            role="combobox"
            aria-label={placeholder}
            aria-expanded={hits.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={hits.length > 0 ? optionId(activeIndex) : undefined}
            placeholder={placeholder}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          {query ? (
            <button
              type="button"
              className="sheaf-search__clear"
              aria-label={texts.searchClearText}
              onClick={() => {
                setQuery('')
                inputRef.current?.focus()
              }}
            >
              ×
            </button>
          ) : null}
        </div>
        {status === 'loading' ? (
          <div className="sheaf-search__loading" role="status" aria-live="polite">
            <span className="sheaf-search__spinner" aria-hidden="true" />
            {texts.searchLoadingText}
          </div>
        ) : status === 'error' ? (
          <div className="sheaf-search__empty" role="alert">
            <p>{texts.searchLoadErrorText}</p>
          </div>
        ) : result ? (
          <>
            {result.partial ? (
              // Parts of a sharded index failed: one message above what the other parts found.
              <div className="sheaf-search__empty" role="alert">
                <p>{texts.searchLoadErrorText}</p>
              </div>
            ) : null}
            <SearchResults
              listboxId={listboxId}
              query={result.query}
              groups={result.groups}
              busy={result.query !== query.trim()}
              activeIndex={activeIndex}
              optionId={optionId}
              hrefOf={hrefOf}
              onActivate={setActiveIndex}
              onChoose={onHitClick}
            />
          </>
        ) : null}
      </div>
    </div>
  )
}

function SearchIcon() {
  return (
    <svg className="sheaf-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-3.5-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
