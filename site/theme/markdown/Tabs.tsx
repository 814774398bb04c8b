import {
  Children,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import type { TabProps } from './Tab.tsx'

export interface TabsProps {
  /**
   * Tabs sharing a groupId switch together (on this page and in other browser
   * tabs), and the choice is remembered in localStorage. Without it the tabs
   * stand alone and nothing is stored.
   */
  groupId?: string
  /**
   * The tabs' labels in order, as Rspress takes them (`values={['npm', 'yarn']}` or
   * `values={[{ label: 'npm' }]}`): a `<Tab>` without `label` takes its entry.
   */
  values?: readonly TabValue[]
  /** The tab shown first: a `<Tab value>` (or label), or an index. */
  defaultValue?: string | number
  /** `left` (default) or `center`: where the tab buttons sit. */
  tabPosition?: string
  /** Accepted for Rspress pages and ignored: content cannot put classes on the theme's markup. */
  tabContainerClassName?: string
  /** `<Tab>` elements; anything else (whitespace) is ignored. */
  children?: ReactNode
}

/** One entry of `values`: a label, or `{ label, value? }`. */
export type TabValue = string | number | { label?: unknown; value?: unknown }

interface TabChange {
  groupId: string
  label: string
}

/** The window event that keeps Tabs of one group on the same page in step. */
const tabChangeEvent = 'sheaf:tab-change'

/**
 * Follows the tab chosen in the same group elsewhere: in another Tabs of the page, another tab, or
 * remembered. (`setSelected` is a state setter, stable: the effect runs when the group or labels change.)
 */
function useGroupChoice(groupId: string | undefined, labelsKey: string, setSelected: (index: number) => void) {
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
  }, [groupId, labelsKey, setSelected])
}

/**
 * An accessible tablist (arrow keys, Home, End, roving focus). The server
 * renders the first tab; the remembered choice applies in an effect, so
 * hydration always matches.
 */
export function Tabs({ groupId, values = [], defaultValue, tabPosition, children }: TabsProps) {
  const tabs = Children.toArray(children).filter(isTabElement)
  const labels = tabs.map((tab, index) => tab.props.label ?? valueLabel(values[index]) ?? String(index + 1))
  const labelsKey = labels.join('\n')
  const [selected, setSelected] = useState(() => initialIndex(tabs, labels, values, defaultValue))
  const baseId = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  useGroupChoice(groupId, labelsKey, setSelected)

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
      <div
        role="tablist"
        className={`sheaf-tabs__list${tabPosition === 'center' ? ' sheaf-tabs__list--center' : ''}`}
        onKeyDown={handleKeyDown}
      >
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
            {labels[index]}
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
  return isValidElement(child)
}

function valueLabel(value: TabValue | undefined): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  return value && typeof value.label === 'string' ? value.label : undefined
}

/** The index `defaultValue` names (a tab's value, its label, or a number), else the first tab. */
function initialIndex(
  tabs: ReactElement<TabProps>[],
  labels: string[],
  values: readonly TabValue[],
  defaultValue: string | number | undefined,
): number {
  if (typeof defaultValue === 'number') return defaultValue >= 0 && defaultValue < tabs.length ? defaultValue : 0
  if (defaultValue === undefined) return 0
  const index = tabs.findIndex((tab, position) => {
    const entry = values[position]
    const entryValue = entry && typeof entry === 'object' && typeof entry.value === 'string' ? entry.value : undefined
    return (tab.props.value ?? entryValue ?? labels[position]) === defaultValue
  })
  return Math.max(index, 0)
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
