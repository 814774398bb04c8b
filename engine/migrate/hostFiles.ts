import fs from 'node:fs'
import path from 'node:path'
import { validateHeadersOption, type HeadersRule } from '../config/headersOption.ts'
import type { Untranslated } from './translateConfig.ts'

/** What a migrated site's `_headers` and `_redirects` become in its config. */
export interface MovedHostFiles {
  /** The `headers` field. */
  headers: HeadersRule[]
  /** Old route -> new one, for the `redirects()` plugin. */
  redirects: Record<string, string>
  untranslated: Untranslated[]
  /** The files taken out of the public folder, from the new site's root. */
  removed: string[]
}

/**
 * Takes a `_headers` and a `_redirects` out of a migrated site's public folder and turns them into
 * config: Sheaf refuses both in the public folder (content could add them, and they change every
 * response: docs/security.md), so the config declares them. A header rule that is not valid there,
 * and a redirect that a static page cannot make (a splat, a placeholder, a rewrite, a status other
 * than 301/302), is listed as untranslated with its line.
 */
export function moveHostFiles(publicDir: string, publicDirFromRoot: string): MovedHostFiles {
  const moved: MovedHostFiles = { headers: [], redirects: {}, untranslated: [], removed: [] }
  const headersFile = path.join(publicDir, '_headers')
  if (fs.existsSync(headersFile)) {
    for (const rule of parseHeaderRules(fs.readFileSync(headersFile, 'utf8'))) {
      try {
        moved.headers.push(
          ...validateHeadersOption([{ for: rule.for, values: rule.values }], (_field, problem) => {
            throw new Error(problem)
          }),
        )
      } catch (error) {
        moved.untranslated.push({
          key: `${publicDirFromRoot}/_headers:${rule.line}`,
          reason:
            `the rule for \`${rule.for}\` ${(error as Error).message}; ` +
            `write it in \`headers\` in site/config.ts by hand`,
        })
      }
    }
    fs.rmSync(headersFile)
    moved.removed.push(`${publicDirFromRoot}/_headers`)
  }
  const redirectsFile = path.join(publicDir, '_redirects')
  if (fs.existsSync(redirectsFile)) {
    fs.readFileSync(redirectsFile, 'utf8')
      .split(/\r?\n/)
      .forEach((text, index) => {
        const [from, to, status, ...rest] = text.replace(/#.*$/, '').trim().split(/\s+/).filter(Boolean)
        if (from === undefined) return
        const staticPage =
          to !== undefined &&
          rest.length === 0 &&
          /^\/[^*:\s]*$/.test(from) &&
          !/[*:]/.test(to) &&
          (status === undefined || /^30[12]!?$/.test(status))
        if (staticPage) moved.redirects[from] = to
        else
          moved.untranslated.push({
            key: `${publicDirFromRoot}/_redirects:${index + 1}`,
            reason:
              `\`${text.trim()}\` is not a plain redirect from one route to another (splats, placeholders, ` +
              `rewrites and conditions need the host's own config): redirects come from site/config.ts, ` +
              `\`redirects()\``,
          })
      })
    fs.rmSync(redirectsFile)
    moved.removed.push(`${publicDirFromRoot}/_redirects`)
  }
  return moved
}

/** The rules of a `_headers` file as written: a path in column one, its indented `Name: value` lines under it. */
function parseHeaderRules(text: string): { for: string; values: Record<string, string>; line: number }[] {
  const rules: { for: string; values: Record<string, string>; line: number }[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {}, line: index + 1 })
      return
    }
    const colon = line.indexOf(':')
    const rule = rules.at(-1)
    if (rule && colon > 0) rule.values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim()
  })
  return rules
}
