import { useEffect, useId, useState } from 'react'
import { Link, useSiteData, stripBase } from 'sheaf/runtime'
import { useLayoutData } from '../hooks/useLayoutData.ts'
import { useTexts } from '../hooks/useTexts.ts'

/**
 * '404', 'PAGE NOT FOUND' and a link home within the reader's version and language: the 404
 * template's content, and Rspress's `<NotFoundLayout />` in a page.
 */
export function NotFoundContent() {
  const texts = useTexts()
  const home = useHomeFromUrl()
  // useId: a page may render this too, and its heading must not take an id content could use.
  const titleId = useId()
  return (
    <section className="not-found" aria-labelledby={titleId}>
      <p className="not-found__code">404</p>
      <h1 id={titleId} className="not-found__title">
        {texts.notFoundTitle}
      </h1>
      <hr className="not-found__rule" />
      <Link to={home} className="not-found__link">
        {texts.takeMeHomeText}
      </Link>
    </section>
  )
}

/**
 * The home route for the URL the reader asked for: '/12.x/' under /12.x/,
 * with a language prefix when there is one. The 404 page is one file served
 * for every missing route, so this is read from the URL in an effect.
 */
function useHomeFromUrl(): string {
  const { base } = useSiteData()
  const { versions = [], locales = [] } = useLayoutData()
  const [home, setHome] = useState('/')

  useEffect(() => {
    const route = stripBase(window.location.pathname, base) ?? '/'
    const segments = route.split('/').filter(Boolean)
    const prefixes: string[] = []
    const locale = locales.find((entry) => entry.prefix && entry.prefix.replace(/^\//, '') === segments[0])
    if (locale) prefixes.push(segments.shift() as string)
    const version = versions.find((entry) => entry.prefix && entry.prefix.replace(/^\//, '') === segments[0])
    if (version) prefixes.push(segments[0])
    setHome(prefixes.length ? `/${prefixes.join('/')}/` : '/')
  }, [base, versions, locales])

  return home
}
