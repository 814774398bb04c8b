/** A place in the content Sheaf will not build as it is, with the cause it is grouped under in MIGRATION.md. */
export interface ContentIssue {
  /** `docs/guide/a.md:12` (relative to the new site). */
  where: string
  problem: string
  /** What kind of problem: the heading MIGRATION.md lists it under (see causeOf). */
  cause?: string
}

/**
 * The causes a build error is grouped under, tried in order on its message: what a reader of
 * MIGRATION.md fixes in one go (every unknown component, every dead link), not one file at a time.
 */
const causes: readonly [RegExp, string][] = [
  [/^Unknown component import|^Only `import/, 'MDX imports Sheaf does not resolve'],
  [/^Unknown component/, "Components that are not the theme's"],
  [/of `<[^>]+>`|^`<[^>]+>` (has no prop|needs the prop)|^Spread props/, "Props the theme's components do not take"],
  [/^An MDX expression/, 'MDX expressions'],
  [/^MDX syntax error/, 'MDX syntax'],
  [/front-matter/, 'Front-matter'],
  [/^Dead link/, 'Dead links'],
  [/^Fragment|imports itself|import cycle/i, 'MDX fragments'],
]

/** The cause of a build error, from its message; `Other` when none fits. */
export function causeOf(message: string): string {
  return causes.find(([pattern]) => pattern.test(message))?.[1] ?? 'Other'
}

/** The issues by cause (causes in first-seen order; within one, by place), one entry per place and problem. */
export function groupByCause(issues: readonly ContentIssue[]): Map<string, ContentIssue[]> {
  const groups = new Map<string, ContentIssue[]>()
  const seen = new Set<string>()
  for (const issue of issues) {
    const key = `${issue.where}\0${issue.problem}`
    if (seen.has(key)) continue
    seen.add(key)
    const cause = issue.cause ?? 'Other'
    groups.set(cause, [...(groups.get(cause) ?? []), issue])
  }
  for (const list of groups.values()) list.sort((a, b) => comparePlaces(a.where, b.where))
  return groups
}

/**
 * The scan's issues (before any build) with the build check's: a place both found is listed once,
 * as the build says it (its message is the one `sheaf build` prints).
 */
export function mergeChecks(scanned: readonly ContentIssue[], built: readonly ContentIssue[]): ContentIssue[] {
  const lineOf = (issue: ContentIssue) => splitPlace(issue.where).join(':')
  const builtLines = new Set(built.map(lineOf))
  return [...built, ...scanned.filter((issue) => !builtLines.has(lineOf(issue)))]
}

/** `docs/a.md:9` before `docs/a.md:10`: file by name, then line by number. */
function comparePlaces(a: string, b: string): number {
  const [fileA, lineA] = splitPlace(a)
  const [fileB, lineB] = splitPlace(b)
  return fileA.localeCompare(fileB) || lineA - lineB
}

function splitPlace(where: string): [string, number] {
  const match = /^(.*?)(?::(\d+))?(?::\d+)?$/.exec(where)
  return [match?.[1] ?? where, Number(match?.[2] ?? 0)]
}

/** MIGRATION.md's "Content to change" section (empty when there is nothing to change). */
export function contentToChangeSection(issues: readonly ContentIssue[], checked: string): string {
  if (issues.length === 0) return ''
  const groups = groupByCause(issues)
  const files = new Set(issues.map((issue) => splitPlace(issue.where)[0])).size
  const sections = [...groups].map(
    ([cause, list]) => `### ${cause}\n\n${list.map((issue) => `- \`${issue.where}\`: ${issue.problem}`).join('\n')}`,
  )
  return (
    `## Content to change\n\nSheaf will not build these ${files} file${files === 1 ? '' : 's'} as they are ` +
    `(${checked}); \`sheaf build --keep-going\` builds every other page meanwhile.\n\n${sections.join('\n\n')}\n` +
    `\n`
  )
}
