import { usePageData } from 'sheaf/runtime'
import { Features, type Feature } from '../components/Features.tsx'
import { Hero, type HeroData } from '../components/Hero.tsx'

/**
 * Rspress's `<HomeLayout />` in a page: the hero and features of the page's front-matter. On a
 * home page the template already shows them, so this yields (renders nothing); elsewhere it shows
 * what the template queried (`frontmatterHtml`), or nothing.
 */
export function HomeLayout() {
  const page = usePageData()
  if (page.template === 'home') return null
  const frontmatter = (page.data as { page?: { frontmatterHtml?: { hero?: HeroData; features?: Feature[] } } }).page
    ?.frontmatterHtml
  if (!frontmatter?.hero && !frontmatter?.features?.length) return null
  return (
    <div className="home">
      {frontmatter.hero ? <Hero hero={frontmatter.hero} /> : null}
      {frontmatter.features?.length ? <Features features={frontmatter.features} /> : null}
    </div>
  )
}
