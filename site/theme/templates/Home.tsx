import { HastContent, type TemplateProps } from 'sheaf/runtime'
import { markdownComponents } from '../markdown/components.tsx'

// The server loads the MDX components that are chunks of their own before it renders (see deferred.tsx).
export { prepareMarkdownComponents as prepare } from '../markdown/components.tsx'
import { Features, type Feature } from '../components/Features.tsx'
import { Hero, type HeroData } from '../components/Hero.tsx'
import { RichText } from '../components/RichText.tsx'
import type { HomeQuery } from '../queries.generated.ts'
import type { TemplateData } from '../templateData.ts'

export const query = /* GraphQL */ `
  query ($path: String!) {
    page(path: $path) { title body frontmatterHtml }
  }
`

export type HomeData = TemplateData<HomeQuery>

/** The front-matter a home page's author writes (`frontmatterHtml`: its HTML strings as inline hast). */
interface HomeFrontmatter {
  hero?: HeroData
  features?: Feature[]
  footerMessage?: RichText
}

/** The home page: hero, feature cards, the page's own text and an optional footer message. */
export default function Home({ data }: TemplateProps<HomeData>) {
  const { hero, features, footerMessage } = data.page.frontmatterHtml as HomeFrontmatter
  const hasBody = data.page.body.children.some((node) => node.type === 'element')
  return (
    <div className="home">
      {hero ? <Hero hero={hero} /> : <h1 className="home__title">{data.page.title}</h1>}
      {features?.length ? <Features features={features} /> : null}
      {hasBody ? (
        <div className="home__body prose">
          <HastContent tree={data.page.body} components={markdownComponents} />
        </div>
      ) : null}
      {footerMessage ? (
        <p className="home__footer-message">
          <RichText value={footerMessage} />
        </p>
      ) : null}
    </div>
  )
}
