import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useDismiss } from '../hooks/useDismiss.ts'
import { useRouteChange } from '../hooks/useRouteChange.ts'
import { ChevronDownIcon } from './Icons.tsx'

export interface DropdownProps {
  /** What the trigger button shows. */
  label: ReactNode
  /** The button's accessible name when `label` is not text alone (e.g. 'Change version, current 13.x'). */
  ariaLabel?: string
  className?: string
  /** Hide the chevron (icon-only triggers such as 'more'). */
  plain?: boolean
  /** The panel: links or buttons; choosing one closes the panel. */
  children: ReactNode
}

/**
 * A disclosure popup: a button with `aria-expanded` that shows a panel below it.
 * Keyboard: Enter/Space or ArrowDown open it and focus the first entry, arrows
 * move between entries, Escape closes it and returns focus to the button.
 */
export function Dropdown({ label, ariaLabel, className, plain = false, children }: DropdownProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, containerRef, buttonRef)
  useRouteChange(close)

  function focusEntry(index: number) {
    const entries = entriesOf(containerRef.current)
    if (entries.length === 0) return
    entries[(index + entries.length) % entries.length].focus()
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    setOpen(true)
    requestAnimationFrame(() => focusEntry(0))
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    const entries = entriesOf(containerRef.current)
    const current = entries.indexOf(document.activeElement as HTMLElement)
    focusEntry(current + (event.key === 'ArrowDown' ? 1 : -1))
  }

  return (
    <div ref={containerRef} className={['dropdown', open ? 'is-open' : '', className ?? ''].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen(!open)}
        onKeyDown={handleButtonKeyDown}
      >
        {label}
        {plain ? null : <ChevronDownIcon size={14} className="dropdown__chevron" />}
      </button>
      <div
        id={panelId}
        className="dropdown__panel"
        hidden={!open}
        onKeyDown={handlePanelKeyDown}
        onClick={(event) => (event.target as Element).closest('a') && close()}
      >
        {children}
      </div>
    </div>
  )
}

function entriesOf(container: HTMLElement | null): HTMLElement[] {
  if (!container) return []
  return Array.from(container.querySelectorAll<HTMLElement>('.dropdown__panel a[href], .dropdown__panel button'))
}
