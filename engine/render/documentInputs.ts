import { createHash } from 'node:crypto'
import type { HeadTag } from '../plugins/types.ts'
import { isPageHeadTag } from '../shared/headTag.ts'
import type { PageData } from '../shared/types.ts'
import { sitePolicy, type CspDirectives } from './contentSecurityPolicy.ts'
import type { RenderContext } from './renderContext.ts'

/** What a page's document takes in besides its page data and the site-wide key. */
export interface DocumentInputs {
  lang: string
  headTags: HeadTag[]
  /** The site's Content-Security-Policy for the page's `<meta>` (none: no policy). */
  csp?: CspDirectives | false
  /** The content file the page comes from, for a render error's message. */
  source?: string
  /**
   * Ship the layout data's large parts as shared files (see sharedPageData.ts): a build that writes its output does.
   */
  shareData?: boolean
}

/** The plugins' head tags for a page: its own (see isPageHeadTag) go into its page data, the rest into its document. */
export function pluginHeadTags(pageData: PageData, { config, runner, mode }: RenderContext): HeadTag[] {
  return runner.headTags({ path: pageData.path, template: pageData.template, mode, base: config.base })
}

/** A page's language, its head tags and its policy, read from the site's config and plugins. */
export function documentInputs(pageData: PageData, context: RenderContext): DocumentInputs {
  const { config, runner, mode } = context
  const headTags = pluginHeadTags(pageData, context).filter((tag) => !isPageHeadTag(tag))
  // A page that is no content page (a language's 404) can name its language in its context.
  const lang =
    context.dataLayer.pageLang(pageData.path) ??
    (typeof pageData.context.lang === 'string' ? pageData.context.lang : undefined) ??
    config.lang
  // Built pages ship the policy; the dev server's do not (Vite injects inline scripts and opens a socket).
  const csp = mode === 'build' && config.csp ? sitePolicy(config.csp, runner.plugins) : false
  return { lang, headTags: [...config.head, ...headTags], csp, source: context.dataLayer.pageSource(pageData.path) }
}

/** A digest of everything a page's render takes in that the build-wide cache key does not cover. */
export function renderInputsDigest(dataJson: string, { lang, headTags, csp }: DocumentInputs): string {
  return createHash('sha1')
    .update(dataJson)
    .update('\0')
    .update(lang)
    .update('\0')
    .update(JSON.stringify(headTags))
    .update('\0')
    .update(JSON.stringify(csp))
    .digest('hex')
}
