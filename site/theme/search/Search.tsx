import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { SearchButton } from './SearchButton.tsx'
import type { SearchClientConfig } from './searchShared.ts'
import { useSearchShortcut } from './useSearchShortcut.ts'
import { useShortcutLabel } from './useShortcutLabel.ts'

export interface SearchProps {
  /** The input's placeholder, e.g. 'Search Docs' (the i18n `searchPlaceholderText`). */
  placeholder: string
  /** URL (with base) of the page's search index: the `searchIndex(path)` field. */
  indexUrl: string | null | undefined
  /** The `searchConfig(path)` field: `{ limit, remote, lang }`. Default: local search, 7 hits per group. */
  config?: Partial<SearchClientConfig> | null
}

// The modal, the index client and MiniSearch load on first use (or when the reader reaches for the
// button), keeping them out of every page's first-load JavaScript.
const loadModal = () => import('./SearchModal.tsx')
const SearchModal = lazy(() => loadModal().then((module) => ({ default: module.SearchModal })))

/**
 * Site search: a navbar button (and Ctrl/Cmd+K) opening a modal. The index
 * is fetched the first time the modal opens and kept for the session.
 */
export default function Search({ placeholder, indexUrl, config }: SearchProps) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const shortcut = useShortcutLabel()
  useEffect(() => setMounted(true), [])

  const close = useCallback((options?: { restoreFocus?: boolean }) => {
    setOpen(false)
    if (options?.restoreFocus !== false) buttonRef.current?.focus()
  }, [])
  useSearchShortcut(() => (open ? close() : setOpen(true)))

  return (
    <>
      <span onPointerEnter={() => void loadModal()} onFocus={() => void loadModal()}>
        <SearchButton
          ref={buttonRef}
          placeholder={placeholder}
          shortcut={shortcut}
          expanded={open}
          onClick={() => setOpen(true)}
        />
      </span>
      {open && mounted
        ? createPortal(
            <Suspense fallback={null}>
              <SearchModal placeholder={placeholder} indexUrl={indexUrl} config={config ?? undefined} onClose={close} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  )
}
