import type { ComponentPropsWithoutRef } from 'react'
import { defaultContainerTypes, type DefaultContainerType } from 'sheaf/runtime'

/**
 * Container types the markdown pipeline produces (`:::tip`, `:::warning`, ...): the engine's one list. A type a site
 * adds is styled as a note.
 */
export const containerTypes = defaultContainerTypes

export type ContainerType = DefaultContainerType

interface ContainerDataProps {
  'data-container'?: string
  'data-title'?: string
}

export type DivProps = ComponentPropsWithoutRef<'div'> & ContainerDataProps
export type DetailsProps = ComponentPropsWithoutRef<'details'> & ContainerDataProps

/**
 * Renders `div` elements of a page body: a `:::tip` style callout when the
 * div carries `data-container`, otherwise a plain div with its props.
 */
export function Container({ 'data-container': type, 'data-title': title, children, className, ...rest }: DivProps) {
  if (!type) {
    return (
      <div className={className} {...rest}>
        {children}
      </div>
    )
  }
  const kind = toContainerType(type)
  return (
    <div
      className={joinClasses('sheaf-container', `sheaf-container--${kind}`, className)}
      data-container={kind}
      {...rest}
    >
      <p className="sheaf-container__title">
        <ContainerIcon type={kind} />
        <span>{title ?? kind.toUpperCase()}</span>
      </p>
      <div className="sheaf-container__body">{children}</div>
    </div>
  )
}

/** Renders `details` elements: a `:::details` container opens and closes on its title. */
export function DetailsContainer({
  'data-container': type,
  'data-title': title,
  children,
  className,
  ...rest
}: DetailsProps) {
  if (!type) {
    return (
      <details className={className} {...rest}>
        {children}
      </details>
    )
  }
  return (
    <details
      className={joinClasses('sheaf-container', 'sheaf-container--details', className)}
      data-container="details"
      {...rest}
    >
      <summary className="sheaf-container__title">{title ?? 'DETAILS'}</summary>
      <div className="sheaf-container__body">{children}</div>
    </details>
  )
}

function toContainerType(type: string): ContainerType {
  return (containerTypes as readonly string[]).includes(type) ? (type as ContainerType) : 'note'
}

function joinClasses(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}

const iconPaths: Record<ContainerType, string> = {
  tip: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.6.6 1 1.4 1 2.5h6c0-1.1.4-1.9 1-2.5A6 6 0 0 0 12 3z',
  note: 'M4 4h16v16H4zM8 9h8M8 13h8M8 17h5',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-5M12 8h.01',
  warning: 'M12 3l10 18H2L12 3zM12 10v4M12 17h.01',
  caution: 'M12 3l10 18H2L12 3zM12 10v4M12 17h.01',
  danger: 'M8 2h8l6 6v8l-6 6H8l-6-6V8zM12 8v5M12 16h.01',
  details: 'M9 6l6 6-6 6',
}

function ContainerIcon({ type }: { type: ContainerType }) {
  return (
    <svg
      className="sheaf-container__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={iconPaths[type]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
