import type { MarkdownResult, MarkdownWarning } from './processor.ts'
import { titleFromFile } from './titleFromFile.ts'

/** The front-matter's title, else the first h1, else the hero's name, else the file's (with a warning). */
export function pageTitle(
  data: MarkdownResult['frontmatter'],
  firstH1: string | undefined,
  file: string,
  warnings: MarkdownWarning[],
): string {
  // A home page without a title (as Rspress writes them) is named by its hero.
  const hero = data.pageType === 'home' ? (data.hero as { name?: unknown } | undefined) : undefined
  const heroName =
    typeof hero?.name === 'string' && hero.name.replace(/<[^>]*>/g, '').trim()
      ? hero.name.replace(/<[^>]*>/g, '').trim()
      : undefined
  const title =
    typeof data.title === 'string' && data.title.trim()
      ? data.title.trim()
      : (firstH1 ?? heroName ?? titleFromFile(file))
  if (!data.title && !firstH1 && !heroName)
    warnings.push({
      message: `The page has no title; using "${title}" from the file name. Add \`title:\` to the front-matter.`,
    })
  return title
}
