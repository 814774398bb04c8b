export interface FooterProps {
  message?: string
  copyright?: string
}

/** The site footer (contentinfo): the optional message and the copyright line from themeConfig.footer. */
export function Footer({ message, copyright }: FooterProps) {
  if (!message && !copyright) return null
  return (
    <footer className="site-footer">
      {message ? <p className="site-footer__message">{message}</p> : null}
      {copyright ? <p className="site-footer__copyright">{copyright}</p> : null}
    </footer>
  )
}
