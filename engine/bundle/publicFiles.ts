import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin as VitePlugin } from 'vite'
import { SheafError } from '../errors.ts'
import { walkDirectory } from '../fs/walkDirectory.ts'
import { decodeSegments, normalizeBase, stripBase } from '../shared/routes.ts'

/**
 * The public folder is copied into the site as it is, and Vite follows symbolic links when it
 * copies or serves it. A link in content (a pull request can add one) to `/etc/passwd` or a
 * secrets file elsewhere on the machine would be published. So a link may point anywhere inside
 * the project, and nowhere outside it: a build refuses one (naming the link and its target), and
 * the dev server answers 403 for a file reached through one.
 */
export function assertPublicLinksInside(root: string, publicDir: string): void {
  const realRoot = realpathOrNull(root) ?? path.resolve(root)
  const check = (file: string) => {
    const target = realpathOrNull(file)
    const relative = path.relative(root, file).split(path.sep).join('/')
    if (target === null) {
      throw new SheafError(`The public file \`${relative}\` is a symbolic link to \`${readLinkOrEmpty(file)}\`, which does not exist.`, {
        file: relative,
        hint: 'remove the link, or replace it with the file itself.',
      })
    }
    if (!isInsideOrSame(target, realRoot)) {
      throw new SheafError(`The public file \`${relative}\` is a symbolic link to \`${target}\`, outside the project: it would be published.`, {
        file: relative,
        hint: 'copy the file into the public folder if it is meant to be published, or remove the link. Links may only point inside the project.',
      })
    }
    return target
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
 * The dev server's guard (a Vite plugin, in the config the build and the dev server share): a
 * request for a public file that resolves, through links, outside the project gets 403.
 */
export function publicLinksGuard(options: { root: string; base: string; publicDir: string }): VitePlugin {
  const realRoot = () => realpathOrNull(options.root) ?? path.resolve(options.root)
  const base = normalizeBase(options.base)
  return {
    name: 'sheaf:public-links',
    apply: 'serve',
    configureServer(server) {
      // Added before Vite's own middlewares, so before it serves the public folder.
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const file = publicFileOf(request.url ?? '/', base, options.publicDir)
        const target = file && realpathOrNull(file)
        if (!file || target === null || isInsideOrSame(target, realRoot())) return next()
        const relative = path.relative(options.root, file).split(path.sep).join('/')
        server.config.logger.error(`[sheaf] refused ${relative}: it is a symbolic link (or lies in a linked folder) that leads outside the project, to ${target}.`)
        response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        response.end(`Forbidden: ${relative} leads outside the project through a symbolic link.`)
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

function realpathOrNull(file: string): string | null {
  try {
    return fs.realpathSync(file)
  } catch {
    return null
  }
}

function readLinkOrEmpty(file: string): string {
  try {
    return fs.readlinkSync(file)
  } catch {
    return ''
  }
}

function isInsideOrSame(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
}
