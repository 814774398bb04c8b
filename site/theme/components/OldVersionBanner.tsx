import { Link } from 'sheaf/runtime'
import { formatText, useTexts } from '../hooks/useTexts.ts'

export interface OldVersionBannerProps {
  /** The version being read, e.g. '12.x'. */
  version: string
  /** The same page in the default version (or its home when the page is not there). */
  latestPath: string
  latestName: string
}

/** Tells a reader of an older version where the current docs are (shown on non-default versions only). */
export function OldVersionBanner({ version, latestPath, latestName }: OldVersionBannerProps) {
  const texts = useTexts()
  return (
    <div className="old-version-banner" role="note">
      <span>{formatText(texts.oldVersionBannerText, { version })}</span>{' '}
      <Link to={latestPath} exactRoute>
        {formatText(texts.oldVersionLinkText, { version: latestName })}
      </Link>
    </div>
  )
}
