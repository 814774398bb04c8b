import { NotFoundContent } from '../components/NotFoundContent.tsx'

/** Rspress's `<NotFoundLayout />`: a page (a `404.mdx`) that shows the theme's not-found content. */
export function NotFoundLayout() {
  return <NotFoundContent />
}
