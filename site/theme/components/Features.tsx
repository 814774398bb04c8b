import type { CSSProperties } from 'react'
import { Link, useSiteData, withBase } from 'sheaf/runtime'
import { useSectionRoute } from '../hooks/useSectionRoute.ts'
import { useTexts } from '../hooks/useTexts.ts'
import { featureIconFor } from './featureIcons.tsx'
import { plainText, RichText } from './RichText.tsx'

export interface Feature {
  title: RichText
  details?: RichText
  /** An icon name (`puzzle`), an emoji it stands for (`🧩`; drawn as SVG), or an image path/URL. */
  icon?: string
  link?: string
  /** Columns out of 12 (SPEC §9: default 4). */
  span?: number
}

/** SPEC §9: a feature card spans 4 of 12 columns unless it says otherwise. */
export const defaultFeatureSpan = 4

/** A whole number of columns from 1 to 12 (the build checks it too): nothing else reaches `style`. */
function columnsOf(span: unknown): number {
  return typeof span === 'number' && Number.isInteger(span) && span >= 1 && span <= 12 ? span : defaultFeatureSpan
}

/** The home page's feature cards in a 12-column grid. */
export function Features({ features }: { features: Feature[] }) {
  const { featuresLabel } = useTexts()
  if (features.length === 0) return null
  return (
    <section className="features" aria-label={featuresLabel}>
      <ul className="features__grid">
        {features.map((feature) => (
          <li
            key={plainText(feature.title)}
            className="features__item"
            style={{ '--feature-span': columnsOf(feature.span) } as CSSProperties}
          >
            <FeatureCard feature={feature} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function FeatureCard({ feature }: { feature: Feature }) {
  const toSectionRoute = useSectionRoute()
  const body = (
    <>
      {feature.icon ? <FeatureIcon icon={feature.icon} /> : null}
      <h2 className="feature__title">
        <RichText value={feature.title} inLink={Boolean(feature.link)} />
      </h2>
      {feature.details ? (
        <p className="feature__details">
          <RichText value={feature.details} inLink={Boolean(feature.link)} />
        </p>
      ) : null}
    </>
  )
  if (feature.link) {
    return (
      <Link to={toSectionRoute(feature.link)} className="feature feature--link">
        {body}
      </Link>
    )
  }
  return <div className="feature">{body}</div>
}

function FeatureIcon({ icon }: { icon: string }) {
  const { base } = useSiteData()
  const isImage = /^(\/|https?:)|\.(svg|png|jpe?g|webp|gif)$/i.test(icon)
  if (isImage)
    return (
      <img
        className="feature__icon feature__icon--image"
        src={icon.startsWith('/') ? withBase(icon, base) : icon}
        alt=""
        width={48}
        height={48}
      />
    )
  const Svg = featureIconFor(icon)
  return (
    <span className="feature__icon" aria-hidden="true">
      <Svg size={28} />
    </span>
  )
}
