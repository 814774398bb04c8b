import type { MouseEvent } from 'react'
import { HighlightedText } from './HighlightedText.tsx'
import { useTexts, type UiTexts } from '../hooks/useTexts.ts'
import type { HitType, SearchHit } from './searchShared.ts'

export interface SearchHitOptionProps {
  hit: SearchHit
  id: string
  href: string
  active: boolean
  onActivate(): void
  onChoose(event: MouseEvent<HTMLAnchorElement>): void
}

const typeTextKeys: Record<HitType, keyof UiTexts> = {
  title: 'searchPageType',
  header: 'searchSectionType',
  content: 'searchContentType',
}

/**
 * One hit: its type, the matched title, heading or snippet with `<mark>`s,
 * and where it lives. A link (so it can open in a new tab) acting as a
 * listbox option; focus stays in the input, which points at the current
 * option with aria-activedescendant.
 */
export function SearchHitOption({ hit, id, href, active, onActivate, onChoose }: SearchHitOptionProps) {
  const texts = useTexts()
  const main =
    hit.type === 'title' ? (
      <HighlightedText text={hit.title} highlights={hit.highlights} />
    ) : hit.type === 'header' ? (
      <HighlightedText text={hit.header} highlights={hit.highlights} />
    ) : (
      <HighlightedText
        text={hit.statement}
        highlights={hit.statementHighlights.length ? hit.statementHighlights : hit.highlights}
      />
    )
  const place =
    hit.type === 'title'
      ? hit.link.split('#')[0]
      : hit.type === 'header'
        ? hit.title
        : [hit.title, hit.header].filter(Boolean).join(' › ')
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      href={href}
      tabIndex={-1}
      className="sheaf-search__hit"
      data-type={hit.type}
      onMouseMove={active ? undefined : onActivate}
      onClick={onChoose}
    >
      <span className="sheaf-search__hit-type" data-type={hit.type}>
        <TypeIcon type={hit.type} />
        <span className="sheaf-sr-only">{texts[typeTextKeys[hit.type]]}: </span>
      </span>
      <span className="sheaf-search__hit-body">
        <span className="sheaf-search__hit-main">{main}</span>
        {place ? <span className="sheaf-search__hit-place">{place}</span> : null}
      </span>
      <span className="sheaf-search__hit-enter" aria-hidden="true">
        ↵
      </span>
    </a>
  )
}

function TypeIcon({ type }: { type: HitType }) {
  if (type === 'header') {
    return (
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M5 9h14M5 15h14M10 4 8 20M16 4l-2 16"
        />
      </svg>
    )
  }
  if (type === 'content') {
    return (
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          d="M4 6h16M4 10h16M4 14h10M4 18h12"
        />
      </svg>
    )
  }
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" d="M6 3h8l4 4v14H6zM14 3v4h4" />
    </svg>
  )
}
