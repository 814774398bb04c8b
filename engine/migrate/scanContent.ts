import fs from 'node:fs'
import path from 'node:path'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { fenceRoles, FenceRole } from '../markdown/fenceScanner.ts'
import type { ContentIssue } from './contentToChange.ts'
import { isAssetSource } from '../markdown/mdxAssetImports.ts'
import { assetImageExtensions } from '../links/contentAssets.ts'

export type { ContentIssue }

const themeModuleRE = /^(@theme|rspress\/theme|@rspress\/core\/theme|@rspress\/theme-default)$/
const relativeImageRE =
  /!\[[^\]]*\]\(\s*<?(?!https?:|\/|data:|#)([^)\s>]+)|<img\s[^>]*src=["'](?!https?:|\/|data:)([^"']+)["']/g
const importFromRE = /^import\s[\s\S]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm

/**
 * Looks through the pages for what Rspress accepts and Sheaf does not, so MIGRATION.md can list
 * them with file:line before the first build: relative paths to files that are not images (images
 * are copied into the build's assets, links/contentAssets.ts) and MDX imports from modules other
 * than the theme (MDX is never run).
 * Fenced code is skipped, and so are the imports of the site's components migrate registered
 * (`siteImports`: `<page file>:<line>`). The build reports the same places; this only says it earlier.
 */
export function scanContent(
  docsDir: string,
  label: string,
  siteImports: ReadonlySet<string> = new Set(),
): ContentIssue[] {
  const issues: ContentIssue[] = []
  const pages = walkDirectory(docsDir, { skip: ({ dirent }) => dirent.name === 'node_modules' }).filter(
    (entry) => !entry.dirent.isDirectory() && /\.mdx?$/.test(entry.relative),
  )
  for (const file of pages.map((entry) => entry.relative).sort()) {
    const relative = `${label}/${file}`
    const source = fs.readFileSync(path.join(docsDir, file), 'utf8')
    const roles = fenceRoles(source)
    source.split('\n').forEach((line, index) => {
      if (roles[index] !== FenceRole.Outside) return
      for (const match of line.matchAll(relativeImageRE)) {
        // An image by relative path is copied into the build's assets (links/contentAssets.ts); another file is not.
        const written = match[1] ?? match[2]
        if (assetImageExtensions.includes(path.posix.extname(written.split(/[?#]/)[0]).toLowerCase())) continue
        issues.push({
          where: `${relative}:${index + 1}`,
          cause: 'Images by relative path',
          problem:
            `the image \`${written}\` is a relative path to a file Sheaf does not copy ` +
            `(${assetImageExtensions.join(', ')}): move it to the public folder and write ` +
            `\`/${path.posix.basename(written)}\``,
        })
      }
    })
    if (file.endsWith('.mdx')) {
      // Imports in code samples are not the page's: fenced lines are blanked (line numbers hold).
      const prose = source
        .split('\n')
        .map((line, index) => (roles[index] === FenceRole.Outside ? line : ''))
        .join('\n')
      for (const match of prose.matchAll(importFromRE)) {
        const from = match[1] ?? match[2]
        // The theme's components, fragments (`.md`/`.mdx`: the build resolves them, and reports what it
        // cannot) and images imported as values (served from the public folder).
        if (themeModuleRE.test(from) || /\.mdx?$/.test(from) || isAssetSource(from) || isAliasedImage(from)) continue
        const line = prose.slice(0, match.index).split('\n').length
        // A registered site component (see siteComponents.ts): `<page file>:<line>`.
        if (siteImports.has(`${path.join(docsDir, file)}:${line}`)) continue
        issues.push({
          where: `${relative}:${line}`,
          cause: 'MDX imports Sheaf does not resolve',
          problem:
            `imports from \`${from}\`: MDX pages may use the theme's components (Rspress's built-ins: Tabs, ` +
            `Tab, PackageManagerTabs, Badge, Card, LinkCard, ...) and the site's registered in \`components\`; ` +
            `Sheaf never runs MDX code`,
        })
      }
    }
  }
  return issues
}

/** `@/public/logo.svg`: an image through a tsconfig alias, which migrate makes an import alias of the content. */
function isAliasedImage(from: string): boolean {
  return /^@/.test(from) && assetImageExtensions.includes(path.posix.extname(from).toLowerCase())
}
