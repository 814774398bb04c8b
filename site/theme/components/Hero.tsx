import { useId } from 'react'
import { Link, useSiteData, withBase } from 'sheaf/runtime'
import { useSectionRoute } from '../hooks/useSectionRoute.ts'
import { plainText, RichText } from './RichText.tsx'

export interface HeroAction {
  text: RichText
  link: string
  /** 'brand' (filled) or 'alt' (outlined). */
  theme?: 'brand' | 'alt'
}

export interface HeroData {
  name?: RichText
  text?: RichText
  tagline?: RichText
  image?: { src: string; alt?: string; srcset?: string | string[]; sizes?: string | string[] }
  actions?: HeroAction[]
}

/** SPEC §9: the hero image is 375 by 375. */
export const heroImageSize = 375

/** The home page banner: name, text, tagline, call-to-action buttons (in the reader's version) and an image. */
export function Hero({ hero }: { hero: HeroData }) {
  const { base } = useSiteData()
  const toSectionRoute = useSectionRoute()
  const image = hero.image
  const titleId = useId()
  return (
    <section className={image ? 'hero hero--with-image' : 'hero'} aria-labelledby={titleId}>
      <div className="hero__text">
        <h1 id={titleId} className="hero__heading">
          {hero.name ? (
            <span className="hero__name">
              <RichText value={hero.name} />
            </span>
          ) : null}
          {hero.text ? (
            <span className="hero__subtitle">
              <RichText value={hero.text} />
            </span>
          ) : null}
        </h1>
        {hero.tagline ? (
          <p className="hero__tagline">
            <RichText value={hero.tagline} />
          </p>
        ) : null}
        {hero.actions?.length ? (
          <div className="hero__actions">
            {hero.actions.map((action) => (
              <Link
                key={`${plainText(action.text)}:${action.link}`}
                to={toSectionRoute(action.link)}
                className={`button button--${action.theme === 'alt' ? 'alt' : 'brand'}`}
              >
                <RichText value={action.text} inLink />
              </Link>
            ))}
          </div>
        ) : null}
      </div>
      {image ? (
        <div className="hero__image">
          <img
            src={toAssetUrl(image.src, base)}
            alt={image.alt ?? ''}
            srcSet={image.srcset ? toSrcset(image.srcset, base) : undefined}
            sizes={image.sizes ? toList(image.sizes).join(', ') : undefined}
            width={heroImageSize}
            height={heroImageSize}
          />
        </div>
      ) : null}
    </section>
  )
}

function toList(value: string | string[]): string[] {
  return Array.isArray(value) ? value : [value]
}

/** A srcset (string or list of candidates) with the base added to site-absolute URLs. */
function toSrcset(value: string | string[], base: string): string {
  const candidates = toList(value).flatMap((entry) => entry.split(','))
  return candidates.map((candidate) => toAssetUrl(candidate, base)).join(', ')
}

/** Site-absolute asset paths ('/img/x.svg', also inside a srcset entry) get the base. */
function toAssetUrl(value: string, base: string): string {
  const trimmed = value.trim()
  return trimmed.startsWith('/') && !trimmed.startsWith('//') ? withBase(trimmed, base) : trimmed
}
