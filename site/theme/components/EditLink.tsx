import { EditIcon } from './Icons.tsx'

export interface EditLinkProps {
  /** e.g. https://github.com/org/repo/edit/main/website/ */
  docRepoBaseUrl: string
  /** The page's source, relative to the project root ('content/13.x/docs/api.md'). */
  sourcePath: string
  text: string
}

/** 'Edit this page on GitHub': the source file in the docs repository, opened in a new tab. */
export function EditLink({ docRepoBaseUrl, sourcePath, text }: EditLinkProps) {
  return (
    <a className="edit-link" href={editUrl(docRepoBaseUrl, sourcePath)} target="_blank" rel="noopener noreferrer">
      <EditIcon size={16} />
      {text}
    </a>
  )
}

/** Joins the repository base and the source path without the leading 'content/'. */
export function editUrl(docRepoBaseUrl: string, sourcePath: string): string {
  const base = docRepoBaseUrl.endsWith('/') ? docRepoBaseUrl : `${docRepoBaseUrl}/`
  return base + sourcePath.replace(/^\.?\/?content\//, '')
}
