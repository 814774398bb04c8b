import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin as VitePlugin } from 'vite'
import { SheafError } from '../errors.ts'
import { linkTarget } from '../fs/linkTarget.ts'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { decodeSegments, normalizeBase, stripBase } from '../shared/routes.ts'
import { publicFileRefusal, type PublicFileRefusal } from './publicFileRules.ts'
import { svgPolicy } from '../render/svgPolicy.ts'

/**
 * The public folder is copied into the site as it is, and Vite follows symbolic links when it
 * copies or serves it. A link in content (a pull request can add one) to `/etc/passwd` or a
 * secrets file elsewhere on the machine would be published. So a link may point anywhere inside
 * the project, and nowhere outside it: a build refuses one (naming the link and its target), and
 * the dev server answers 403 for a file reached through one.
 */
export function assertPublicLinksInside(root: string, publicDir: string): void {
  const check = (file: string) => {
    const link = linkTarget(file, root)
    const relative = path.relative(root, file).split(path.sep).join('/')
    if (link.kind === 'missing') {
      throw new SheafError(
        `The public file \`${relative}\` is a symbolic link to \`${link.written}\`, which does not exist.`,
        {
          file: relative,
          hint: 'remove the link, or replace it with the file itself.',
        },
      )
    }
    if (link.kind === 'outside') {
      throw new SheafError(
        `The public file \`${relative}\` is a symbolic link to \`${link.target}\`, outside the project: ` +
          `it would be published.`,
        {
          file: relative,
          hint:
            'copy the file into the public folder if it is meant to be published, or remove the link. ' +
            'Links may only point inside the project.',
        },
      )
    }
    return link.target
  }
  let stat: fs.Stats
  try {
    stat = fs.lstatSync(publicDir)
  } catch {
    return
  }
  if (stat.isSymbolicLink()) check(publicDir)
  // Every link is checked; one to a folder inside the project is copied with what it holds, so it is entered too.
  walkDirectory(publicDir, { ignoreUnreadable: true, followLink: (entry) => (check(entry.path), true) })
}

/**
 * Refuses a public folder that holds a file the site must not publish (see publicFileRules.ts):
 * the error names the first such file, and how many others there are, so one build lists them.
 */
export function assertPublicFilesPublishable(root: string, publicDir: string): void {
  const refused: { relative: string; refusal: PublicFileRefusal }[] = []
  for (const entry of walkDirectory(publicDir, {
    ignoreUnreadable: true,
    compare: (a, b) => a.localeCompare(b),
    followLink: () => true,
  })) {
    if (entry.dirent.isDirectory() || !isFile(entry.path)) continue
    const refusal = publicFileRefusal(entry.relative, () => fs.readFileSync(entry.path))
    if (refusal) refused.push({ relative: path.relative(root, entry.path).split(path.sep).join('/'), refusal })
  }
  if (refused.length === 0) return
  const [first, ...others] = refused
  const more = others.length
    ? `\n(${others.length} more: ${others.map((other) => `\`${other.relative}\``).join(', ')}.)`
    : ''
  throw new SheafError(`The public folder cannot publish this file. ${first.refusal.reason}${more}`, {
    file: first.relative,
    hint: first.refusal.hint,
  })
}

/**
 * The dev server's guard (a Vite plugin, in the config the build and the dev server share): it
 * serves only what the build would publish. A request for a public file that resolves, through
 * links, outside the project, or for one the build refuses (publicFileRules.ts), gets 403 with the
 * reason; an SVG goes out with the policy the build's `_headers` gives it (no script).
 */
export function publicFilesGuard(options: { root: string; base: string; publicDir: string }): VitePlugin {
  const base = normalizeBase(options.base)
  return {
    name: 'sheaf:public-files',
    apply: 'serve',
    configureServer(server) {
      // Added before Vite's own middlewares, so before it serves the public folder.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const file = publicFileOf(request.url ?? '/', base, options.publicDir)
        const link = file ? linkTarget(file, options.root) : null
        if (!file || !link || link.kind === 'missing') return next()
        const { target } = link
        const relative = path.relative(options.root, file).split(path.sep).join('/')
        const refuse = (reason: string) => {
          server.config.logger.error(`[sheaf] refused ${relative}: ${reason}`)
          response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
          response.end(`Forbidden: ${relative}: ${reason}`)
        }
        if (link.kind === 'outside')
          return refuse(
            `it is a symbolic link (or lies in a linked folder) that leads outside the project, to ${target}.`,
          )
        const refusal = isFile(target)
          ? publicFileRefusal(path.relative(options.publicDir, file).split(path.sep).join('/'), () =>
              fs.readFileSync(target),
            )
          : null
        if (refusal) return refuse(`${refusal.reason} The build refuses it too. Fix: ${refusal.hint}`)
        if (/\.svgz?$/i.test(file)) response.setHeader('content-security-policy', svgPolicy)
        next()
      })
    },
  }
}

/** The public-folder file a request's URL names (null: none, or not under the public folder). */
function publicFileOf(url: string, base: string, publicDir: string): string | null {
  const pathname = url.split(/[?#]/, 1)[0]
  // Vite serves public files under the base, and at the root too.
  const route = stripBase(pathname, base) ?? pathname
  const file = path.resolve(publicDir, `.${decodeSegments(route)}`)
  return file === publicDir || file.startsWith(`${publicDir}${path.sep}`) ? file : null
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}
