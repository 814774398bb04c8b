import { Link } from 'sheaf/runtime'
import { useTexts } from '../hooks/useTexts.ts'

export interface PageLink {
  text: string
  link: string
}

export interface PrevNextProps {
  prev: PageLink | null
  next: PageLink | null
  /** 'Previous Page' by default. */
  prevText: string
  /** 'Next page' by default. */
  nextText: string
}

/** Links to the previous and next pages in sidebar order. */
export function PrevNext({ prev, next, prevText, nextText }: PrevNextProps) {
  const { prevNextLabel } = useTexts()
  if (!prev && !next) return null
  return (
    <nav className="prev-next" aria-label={prevNextLabel}>
      {prev ? (
        <Link to={prev.link} exactRoute className="prev-next__link prev-next__link--prev" rel="prev">
          <span className="prev-next__label">{prevText}</span>
          <span className="prev-next__title">{prev.text}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.link} exactRoute className="prev-next__link prev-next__link--next" rel="next">
          <span className="prev-next__label">{nextText}</span>
          <span className="prev-next__title">{next.text}</span>
        </Link>
      ) : null}
    </nav>
  )
}
