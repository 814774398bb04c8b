import type { HelmetProps } from './helmet.ts'

/**
 * `og:title` follows the document's title: a share preview shows the title a template or an MDX
 * component set, not the layout's default. The server writes the mirror (see
 * engine/render/helmetHead.ts) and the client keeps it current after each navigation; a page
 * whose `<Helmet>`s say `og:title` themselves has no mirror. The marker keeps it the engine's:
 * react-helmet-async manages only the tags it wrote (`data-rh`).
 */
export const titleMirrorAttribute = 'data-sheaf-title'

type ClientState = Parameters<NonNullable<HelmetProps['onChangeClientState']>>[0]

/** After the client's Helmet wrote a page's head: the mirror made, updated or removed to match. */
export function mirrorTitleOnClient(state: ClientState): void {
  const saysItself = (state.metaTags as { property?: string }[] | undefined)?.some((tag) => tag.property === 'og:title')
  let mirror = document.head.querySelector<HTMLMetaElement>(`meta[${titleMirrorAttribute}]`)
  if (saysItself || !document.title) {
    mirror?.remove()
    return
  }
  if (!mirror) {
    mirror = document.createElement('meta')
    mirror.setAttribute('property', 'og:title')
    mirror.setAttribute(titleMirrorAttribute, '')
    document.head.append(mirror)
  }
  mirror.setAttribute('content', document.title)
}
