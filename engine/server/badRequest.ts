import type http from 'node:http'

/**
 * Does the request's path hold a percent-escape that does not decode (`/%E0%A4%A`, a cut UTF-8
 * sequence)? Every route of both servers is decoded somewhere on its way, and an escape that
 * does not decode threw there: the dev server answered 500 ("URI malformed"). It is the
 * client's mistake, so both servers answer 400 before any route sees it.
 */
export function hasMalformedPath(requestUrl: string | undefined): boolean {
  const path = (requestUrl ?? '/').split(/[?#]/, 1)[0]
  if (!path.includes('%')) return false
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/** Answers 400 to a request whose path does not decode (see hasMalformedPath); true when it did. */
export function refuseMalformedPath(request: http.IncomingMessage, response: http.ServerResponse): boolean {
  if (!hasMalformedPath(request.url)) return false
  request.resume()
  response
    .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    .end('Bad request: the URL holds a percent-escape (%XX) that does not decode.\n')
  return true
}
