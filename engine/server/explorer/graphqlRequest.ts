import type http from 'node:http'
import { execute, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql'
import { defaultQueryLimits, prepareQuery, type QueryLimits } from '../../schema/queryLimits.ts'

export interface GraphqlRequestLimits {
  /** Bytes of request body (the JSON around the query). */
  maxBodyBytes: number
  /** Bytes of JSON response. */
  maxResponseBytes: number
  query: QueryLimits
}

export const defaultGraphqlRequestLimits: Readonly<GraphqlRequestLimits> = Object.freeze({
  maxBodyBytes: 100_000,
  maxResponseBytes: 20_000_000,
  query: defaultQueryLimits,
})

class BodyTooLarge extends Error {}

/** The body as text, refused once it passes `maxBytes` (the rest is drained unread, so the client gets the answer). */
function readBody(request: http.IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'])
    if (Number.isFinite(declared) && declared > maxBytes) {
      request.resume()
      reject(new BodyTooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    request.on('data', (chunk: Buffer) => {
      if (over) return
      size += chunk.length
      if (size > maxBytes) {
        over = true
        chunks.length = 0
        reject(new BodyTooLarge())
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'))
    })
    request.on('error', reject)
  })
}

function send(response: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra })
    .end(typeof body === 'string' ? body : JSON.stringify(body))
}

const failure = (message: string) => ({ errors: [{ message }] })

/**
 * Answers `POST /___graphql` (GraphiQL's fetcher): a JSON body `{ query, variables?, operationName? }`
 * run against the schema. Only `application/json` is taken: a browser sends that type from another
 * site only after a CORS preflight, which this server never grants, while a `text/plain` form post
 * needs none. The body, the query (queryLimits.ts) and the response are bounded, so one request
 * can neither block the server for long nor fill its memory.
 */
export async function answerGraphqlRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  schema: GraphQLSchema,
  contextValue: unknown,
  limits: GraphqlRequestLimits = defaultGraphqlRequestLimits,
): Promise<void> {
  const mediaType = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
  if (mediaType !== 'application/json') {
    request.resume()
    send(
      response,
      415,
      failure('Send the query as JSON: `Content-Type: application/json` with a body `{ "query": "..." }`.'),
    )
    return
  }
  let text: string
  try {
    text = await readBody(request, limits.maxBodyBytes)
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error
    send(response, 413, failure(`The request body is over ${limits.maxBodyBytes} bytes.`), { connection: 'close' })
    return
  }
  let body: { query?: unknown; variables?: unknown; operationName?: unknown }
  try {
    body = JSON.parse(text) as typeof body
  } catch {
    send(response, 400, failure('The request body is not valid JSON.'))
    return
  }
  const variables = body?.variables ?? undefined
  const operationName = body?.operationName ?? undefined
  if (
    typeof body?.query !== 'string' ||
    (variables !== undefined && (typeof variables !== 'object' || Array.isArray(variables))) ||
    (operationName !== undefined && typeof operationName !== 'string')
  ) {
    send(
      response,
      400,
      failure('The body must be `{ "query": string, "variables"?: object, "operationName"?: string }`.'),
    )
    return
  }
  const prepared = prepareQuery(schema, body.query, limits.query)
  if (Array.isArray(prepared)) {
    send(response, 400, { errors: (prepared as readonly GraphQLError[]).map((error) => error.toJSON()) })
    return
  }
  const result = await execute({
    schema,
    document: prepared as DocumentNode,
    variableValues: variables as Record<string, unknown> | undefined,
    operationName: operationName as string | undefined,
    contextValue,
  })
  const json = JSON.stringify(result)
  if (Buffer.byteLength(json) > limits.maxResponseBytes) {
    send(
      response,
      400,
      failure(
        `The result is over ${limits.maxResponseBytes} bytes. Ask for fewer fields, ` +
          `or fewer items (\`limit\` on lists).`,
      ),
    )
    return
  }
  send(response, 200, json)
}
