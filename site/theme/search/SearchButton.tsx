import type { Ref } from 'react'

export interface SearchButtonProps {
  ref?: Ref<HTMLButtonElement>
  placeholder: string
  shortcut: string
  expanded: boolean
  onClick(): void
}

/**
 * The navbar button that opens search, showing the placeholder and shortcut.
 * Its accessible name is the text it shows ('Search Docs'), so speech-input
 * users can say what they see (WCAG 2.5.3); the shortcut is announced through
 * aria-keyshortcuts rather than read out as text.
 */
export function SearchButton({ ref, placeholder, shortcut, expanded, onClick }: SearchButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="sheaf-search__button"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-keyshortcuts="Control+K Meta+K"
      onClick={onClick}
    >
      <svg
        className="sheaf-search__icon"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="sheaf-search__button-text">{placeholder}</span>
      <kbd className="sheaf-search__shortcut" aria-hidden="true">
        {shortcut}
      </kbd>
    </button>
  )
}
