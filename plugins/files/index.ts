import fs from 'node:fs'
import path from 'node:path'
import { linkTarget, SheafError, walkDirectory, type DirectoryEntry, type Plugin } from 'sheaf'
import { readGitDates } from './gitDates.ts'

export interface FilesOptions {
  /** Folder to read, relative to the project root. Default `content`. */
  dir?: string
  /** Top-level folder names to skip. Default `['public']` (static files are copied, not sourced). */
  exclude?: string[]
  /** Extensions read as text into `content`. Default `['.md', '.mdx', '.json']`. */
  textExtensions?: string[]
  /** Read each file's last commit time from git (one pass). Default `true`. */
  lastUpdated?: boolean
}

/**
 * Sources one `File` node per file under `dir`:
 * `{ relativePath, absolutePath, sourcePath, extension, content, lastUpdated }`.
 * Text files must be UTF-8; anything else is an error naming the file.
 */
export function files(options: FilesOptions = {}): Plugin {
  const dir = options.dir ?? 'content'
  const exclude = new Set(options.exclude ?? ['public'])
  const textExtensions = new Set(options.textExtensions ?? ['.md', '.mdx', '.json'])
  return {
    name: 'files',
    async sourceNodes({ site, createNode }) {
      const root = path.resolve(site.root, dir)
      if (!fs.existsSync(root)) {
        throw new SheafError(`The content folder \`${dir}\` does not exist.`, {
          hint: `create ${dir}/ with a markdown file, or pass \`files({ dir: '...' })\`.`,
        })
      }
      // Git answers while the files are read.
      const datesRead = options.lastUpdated === false ? Promise.resolve(new Map<string, string>()) : readGitDates(root)
      const decoder = new TextDecoder('utf-8', { fatal: true })
      // Every source path starts with the folder's own path from the site root.
      const prefix = path.relative(site.root, root).split(path.sep).join('/')
      const entries = walk(root, exclude)
      assertLinksInside(
        entries.filter((entry) => entry.dirent.isSymbolicLink()),
        site.root,
        prefix,
      )
      const read = entries
        .filter((entry) => entry.dirent.isFile())
        .map(({ relative: relativePath, path: absolutePath }) => {
          const extension = path.extname(relativePath).toLowerCase()
          const sourcePath = prefix ? `${prefix}/${relativePath}` : relativePath
          assertNameStaysLiteral(relativePath, sourcePath)
          let content: string | null = null
          if (textExtensions.has(extension)) {
            content = readUtf8(absolutePath, decoder)
            if (content === null) {
              throw new SheafError('The file is not valid UTF-8 text (is it binary, or saved in another encoding?).', {
                file: sourcePath,
                hint: 'save the file as UTF-8, or move binary files to the public folder.',
              })
            }
            if (content.includes('\u0000')) {
              throw new SheafError('The file contains NUL bytes: it looks binary, not markdown.', {
                file: sourcePath,
                hint: 'move binary files to the public folder and link to them.',
              })
            }
            if (content.charCodeAt(0) === 0xfeff) content = content.slice(1)
          }
          return { relativePath, absolutePath, sourcePath, extension, content }
        })
      const dates = await datesRead
      for (const file of read) {
        createNode({ type: 'File', key: file.relativePath, ...file, lastUpdated: dates.get(file.absolutePath) ?? null })
      }
    },
  }
}

/**
 * Refuses a file or folder name that URL-decodes into a path separator or a `.`/`..` segment
 * (`%2e%2e%2fx.md`): routes are decoded, so such a name would read as a path elsewhere than
 * the file is, and could lead a page out of the output folder.
 */
function assertNameStaysLiteral(relativePath: string, sourcePath: string): void {
  // Without a percent sign nothing decodes.
  if (!relativePath.includes('%')) return
  for (const segment of relativePath.split('/')) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      continue
    }
    // The engine keeps such a segment of a route as written (see decodeSegments in engine/shared/routes.ts); a file
    // says so first, by name.
    const name = decoded.replace(/\.mdx?$/, '')
    if (decoded !== segment && (name === '.' || name === '..' || /[/\\\0]/.test(decoded))) {
      throw new SheafError(
        `The name \`${segment}\` URL-decodes to \`${decoded}\`, which reads as a path (a slash, ` +
          `or a \`.\`/\`..\` segment), not a name.`,
        {
          file: sourcePath,
          hint: 'rename the file without percent-escapes (e.g. `%2e`, `%2f`, `%5c`).',
        },
      )
    }
  }
}

/**
 * A text file's content, or null when it is not UTF-8. Node decodes as it reads, faster than a
 * decoder over the bytes (5,000 files: 195-211 ms against 275-294 ms), but writes U+FFFD for a
 * malformed sequence: a file holding that character is decoded again, strictly, to tell one
 * written on purpose from a malformed byte.
 */
function readUtf8(file: string, strict: TextDecoder): string | null {
  const text = fs.readFileSync(file, 'utf8')
  if (!text.includes('\ufffd')) return text
  try {
    return strict.decode(fs.readFileSync(file))
  } catch {
    return null
  }
}

/**
 * Refuses a symbolic link in the content folder that leads out of the project (issue 38): a
 * contributor's link to `~/.ssh/id_rsa` or `/etc/passwd` must be an error that names it, not a
 * file that is quietly skipped here and served by another tool. A link inside the project is left
 * out, as before (it is not sourced: the file it points to is, where it lies).
 */
function assertLinksInside(links: DirectoryEntry[], projectRoot: string, prefix: string): void {
  if (links.length === 0) return
  for (const link of links) {
    const leads = linkTarget(link.path, projectRoot)
    if (leads.kind === 'inside') continue
    const file = prefix ? `${prefix}/${link.relative}` : link.relative
    throw new SheafError(
      leads.kind === 'missing'
        ? `The content file is a symbolic link to \`${leads.written}\`, which does not exist.`
        : `The content file is a symbolic link to \`${leads.target}\`, outside the project: ` +
            `content may not read files outside it.`,
      {
        file,
        hint:
          'remove the link, or replace it with the file itself. ' +
          'Links in content may only point inside the project.',
      },
    )
  }
}

/**
 * The entries under `root`, in name order; dotfiles, dot-folders and excluded top-level folders left out (links are
 * listed, not followed).
 */
function walk(root: string, exclude: Set<string>): DirectoryEntry[] {
  return walkDirectory(root, {
    compare: (a, b) => a.localeCompare(b),
    skip: ({ relative, dirent }) =>
      dirent.name.startsWith('.') || (dirent.isDirectory() && !relative.includes('/') && exclude.has(dirent.name)),
  })
}
