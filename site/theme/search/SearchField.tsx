import type { KeyboardEvent, RefObject } from 'react'

export interface SearchFieldProps {
  inputRef: RefObject<HTMLInputElement | null>
  placeholder: string
  query: string
  onQuery(query: string): void
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void
  /** The listbox the input controls, and its current option's id (undefined: no hits). */
  listboxId: string
  activeOptionId: string | undefined
  /** The clear button's label (the i18n `searchClearText`). */
  clearLabel: string
}

/** The search dialog's combobox: an input that keeps focus while arrow keys move through the hits. */
export function SearchField(props: SearchFieldProps) {
  const { inputRef, placeholder, query, onQuery, listboxId, activeOptionId } = props
  return (
    <div className="sheaf-search__field">
      <SearchIcon />
      <input
        ref={inputRef}
        className="sheaf-search__input"
        type="text"
        role="combobox"
        aria-label={placeholder}
        aria-expanded={activeOptionId !== undefined}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeOptionId}
        placeholder={placeholder}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={props.onKeyDown}
      />
      {query ? (
        <button
          type="button"
          className="sheaf-search__clear"
          aria-label={props.clearLabel}
          onClick={() => {
            onQuery('')
            inputRef.current?.focus()
          }}
        >
          ×
        </button>
      ) : null}
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
