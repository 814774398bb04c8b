import type { ReactNode } from 'react'

/**
 * Numbered steps, as Rspress's `<Steps>`: each `###` heading inside starts a step (the number is
 * drawn by CSS, so the headings keep their text and ids for the outline and links).
 */
export function Steps({ children }: { children?: ReactNode }) {
  return <div className="sheaf-steps">{children}</div>
}
