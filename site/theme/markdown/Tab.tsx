import type { ReactNode } from 'react'

export interface TabProps {
  /** The tab's button text; also what `<Tabs groupId>` remembers. Without it, `<Tabs values>` names the tab. */
  label?: string
  /** What `<Tabs defaultValue>` matches (the label when absent). */
  value?: string
  children?: ReactNode
}

/** One panel of `<Tabs>`. Tabs reads its label and wraps it in a tabpanel. */
export function Tab({ children }: TabProps) {
  return <>{children}</>
}
