import { SocialIcon } from '../components/SocialIcon.tsx'
import { useTexts } from '../hooks/useTexts.ts'
import { safeHref } from './safeHref.ts'

export interface SourceCodeProps {
  /** The file in the repository. */
  href: string
  /** `github` (default) or `gitlab`: the icon, and the host named to screen readers. */
  platform?: string
}

/** A link to a file's source in its repository, as Rspress's `<SourceCode href="..." />`. */
export function SourceCode({ href, platform = 'github' }: SourceCodeProps) {
  const texts = useTexts()
  const host = platform === 'gitlab' ? 'gitlab' : 'github'
  const target = safeHref(href)
  const label = (
    <>
      <SocialIcon icon={host} size={16} />
      <span>{texts.sourceText}</span>
      <span className="sheaf-sr-only"> ({host === 'gitlab' ? 'GitLab' : 'GitHub'})</span>
    </>
  )
  if (!target) return <span className="sheaf-source-code">{label}</span>
  return (
    <a className="sheaf-source-code" href={target} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  )
}
