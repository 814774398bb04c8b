import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react'
import type { TabProps } from './Tab.tsx'

export interface TabsProps {
  /**
   * Tabs sharing a groupId switch together (on this page and in other browser
   * tabs), and the choice is remembered in localStorage. Without it the tabs
   * stand alone and nothing is stored.
   */
  groupId?: string
  /** `<Tab label="...">` elements; anything else (whitespace) is ignored. */
  children?: ReactNode
}

interface TabChange {
  groupId: string
  label: string
}

/** The window event that keeps Tabs of one group on the same page in step. */
const tabChangeEvent = 'sheaf:tab-change'

/**
 * An accessible tablist (arrow keys, Home, End, roving focus). The server
 * renders the first tab; the remembered choice applies in an effect, so
 * hydration always matches.
 */
export function Tabs({ groupId, children }: TabsProps) {
  const tabs = Children.toArray(children).filter(isTabElement)
  const labels = tabs.map((tab) => tab.props.label)
  const labelsKey = labels.join('\n')
  const [selected, setSelected] = useState(0)
  const baseId = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  useEffect(() => {
    if (!groupId) return undefined
    const groupLabels = labelsKey.split('\n')
    const apply = (label: string | null) => {
      const index = label === null ? -1 : groupLabels.indexOf(label)
      if (index !== -1) setSelected(index)
    }
    const onTabChange = (event: Event) => {
      const change = (event as CustomEvent<TabChange>).detail
      if (change.groupId === groupId) apply(change.label)
    }
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey(groupId)) apply(event.newValue)
    }
    apply(readStoredLabel(groupId))
    window.addEventListener(tabChangeEvent, onTabChange)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener(tabChangeEvent, onTabChange)
      window.removeEventListener('storage', onStorage)
    }
  }, [groupId, labelsKey])

  if (tabs.length === 0) return null
  const current = Math.min(selected, tabs.length - 1)

  function select(index: number) {
    setSelected(index)
    if (!groupId) return
    const change: TabChange = { groupId, label: labels[index] }
    storeLabel(groupId, change.label)
    window.dispatchEvent(new CustomEvent(tabChangeEvent, { detail: change }))
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1
    const targets: Record<string, number> = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }
    const next = targets[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next)
    tabRefs.current[next]?.focus()
  }

  return (
    <div className="sheaf-tabs">
      <div role="tablist" className="sheaf-tabs__list" onKeyDown={handleKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key ?? index}
            ref={(element) => {
              tabRefs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            className="sheaf-tabs__tab"
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => select(index)}
          >
            {tab.props.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key ?? index}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          className="sheaf-tabs__panel"
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== current}
        >
          {tab}
        </div>
      ))}
    </div>
  )
}

/** The localStorage key for a group's remembered tab label. */
export function storageKey(groupId: string): string {
  return `sheaf-tabs:${groupId}`
}

function isTabElement(child: ReactNode): child is ReactElement<TabProps> {
  return isValidElement(child) && typeof (child.props as Partial<TabProps>).label === 'string'
}

// Storage can throw (disabled cookies, private mode): the tabs then just don't remember.
function readStoredLabel(groupId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(groupId))
  } catch {
    return null
  }
}

function storeLabel(groupId: string, label: string): void {
  try {
    window.localStorage.setItem(storageKey(groupId), label)
  } catch {
    // Remembering is a nicety; the tab still switches.
  }
}
