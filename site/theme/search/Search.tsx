import { useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { SearchButton } from './SearchButton.tsx'
import { SearchModal } from './SearchModal.tsx'
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
      <SearchButton ref={buttonRef} placeholder={placeholder} shortcut={shortcut} expanded={open} onClick={() => setOpen(true)} />
      {open && mounted ? createPortal(<SearchModal placeholder={placeholder} indexUrl={indexUrl} config={config ?? undefined} onClose={close} />, document.body) : null}
    </>
  )
}
