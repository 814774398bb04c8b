import type { SocialLink } from 'sheaf/runtime'
import { Dropdown } from './Dropdown.tsx'
import { MoreIcon } from './Icons.tsx'
import { SocialIcon, socialLabel } from './SocialIcon.tsx'
import { useTexts } from '../hooks/useTexts.ts'

/** SPEC §9: this many social links show in the navbar; the rest sit in a 'more' popup. */
export const visibleSocialLinks = 3

export interface SocialLinksProps {
  links: SocialLink[]
  /** 'screen' lists every link (full-screen mobile nav). */
  variant?: 'bar' | 'screen'
}

/**
 * The social links of the navbar. Modes: `link` (icon linking out), `text`
 * and `img` (icon opening a popup with the text or image), `dom` (a popup
 * showing markup from the site's own config).
 */
export function SocialLinks({ links, variant = 'bar' }: SocialLinksProps) {
  const texts = useTexts()
  if (links.length === 0) return null
  const shown = variant === 'bar' ? links.slice(0, visibleSocialLinks) : links
  const rest = variant === 'bar' ? links.slice(visibleSocialLinks) : []
  return (
    <ul className={`social-links social-links--${variant}`}>
      {shown.map((link) => (
        <li key={`${link.icon}:${link.content}`}>
          <SocialEntry link={link} />
        </li>
      ))}
      {rest.length > 0 ? (
        <li>
          <Dropdown
            label={<MoreIcon size={20} />}
            ariaLabel={texts.moreLinksLabel}
            plain
            className="social-links__more"
          >
            <ul className="dropdown__list">
              {rest.map((link) => (
                <li key={`${link.icon}:${link.content}`}>
                  <SocialEntry link={link} withText />
                </li>
              ))}
            </ul>
          </Dropdown>
        </li>
      ) : null}
    </ul>
  )
}

function SocialEntry({ link, withText = false }: { link: SocialLink; withText?: boolean }) {
  const texts = useTexts()
  const label = socialLabel(link.icon)
  const face = (
    <>
      <SocialIcon icon={link.icon} />
      {withText ? <span className="social-links__text">{label}</span> : null}
    </>
  )
  if (link.mode === 'link' || !link.mode) {
    return (
      <a
        className="social-links__link"
        href={link.content}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={withText ? undefined : `${label} ${texts.opensInNewTabText}`}
        title={label}
      >
        {face}
      </a>
    )
  }
  return (
    <Dropdown label={face} ariaLabel={withText ? undefined : label} plain className="social-links__popup">
      <SocialPopupContent link={link} label={label} />
    </Dropdown>
  )
}

function SocialPopupContent({ link, label }: { link: SocialLink; label: string }) {
  if (link.mode === 'img')
    return <img className="social-links__image" src={link.content} alt={label} width={160} height={160} />
  // Note: `dom` content comes from the site's own config (themeConfig), never from page content.
  if (link.mode === 'dom')
    return <div className="social-links__dom" dangerouslySetInnerHTML={{ __html: link.content }} />
  return <p className="social-links__popup-text">{link.content}</p>
}
