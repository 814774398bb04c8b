import type http from 'node:http'
import path from 'node:path'
import { assetsFolder, type ContentAssets } from '../links/contentAssets.ts'
import { svgPolicy } from '../render/svgPolicy.ts'

const contentTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
}

/**
 * The dev server's answer for an image a page names outside the public folder, at the URL the
 * build copies it to (`/assets/diagram-Ab3dE_9z.png`, see links/contentAssets.ts): read and
 * checked again as it is served, so a file changed into one the build refuses is never sent.
 * False when the route is no such image (another route answers it).
 */
export function serveContentAsset(assets: ContentAssets, route: string, response: http.ServerResponse): boolean {
  if (!route.startsWith(`/${assetsFolder}/`) || !assets.byUrl.has(route)) return false
  // An image saved alone since its page was made is served as it is now (checked again as it is read).
  const bytes = assets.read(route, 'allow')
  if (bytes === null) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
    response.end(`Not found: ${route} is gone, or is now refused (the page's error says why).`)
    return true
  }
  const extension = path.extname(route).toLowerCase()
  const headers: Record<string, string> = {
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  }
  // As the build's `_headers` give an SVG (no script, see securityHeaders.ts).
  if (extension === '.svg') headers['content-security-policy'] = svgPolicy
  response.writeHead(200, headers)
  response.end(bytes)
  return true
}
