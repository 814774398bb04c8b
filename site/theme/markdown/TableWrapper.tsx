import type { ComponentPropsWithoutRef } from 'react'

/** Renders `table` elements of a page body inside a horizontal scroll container. */
export function TableWrapper(props: ComponentPropsWithoutRef<'table'>) {
  return (
    // tabIndex: a scrollable region must be reachable by keyboard.
    <div className="sheaf-table" tabIndex={0}>
      <table {...props} />
    </div>
  )
}
