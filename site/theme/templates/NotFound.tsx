import { NotFoundContent } from '../components/NotFoundContent.tsx'

/** The 404 page: '404', 'PAGE NOT FOUND' and a link home within the reader's version and language. */
export default function NotFound() {
  return <NotFoundContent />
}
