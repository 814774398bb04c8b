import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerGraphqlRequest, defaultGraphqlRequestLimits } from '../../../../engine/server/explorer/graphqlRequest.ts'

const schema = buildSchema('type Query { site: String big(size: Int!): String }')
const fields = schema.getQueryType()!.getFields()
fields.site.resolve = () => 'Sheaf'
fields.big.resolve = (_parent, args: { size: number }) => 'x'.repeat(args.size)
let server: http.Server
let endpoint = ''

beforeAll(async () => {
  server = http.createServer((request, response) => {
    void answerGraphqlRequest(request, response, schema, undefined, {
      ...defaultGraphqlRequestLimits,
      maxResponseBytes: 10_000,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/___graphql`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

const post = (body: string, contentType = 'application/json') =>
  fetch(endpoint, { method: 'POST', headers: { 'content-type': contentType }, body })

describe('POST /___graphql', () => {
  it('answers a JSON query', async () => {
    const response = await post(JSON.stringify({ query: '{ site }' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { site: 'Sheaf' } })
  })

  it('refuses anything but application/json with 415 (a cross-site form or text/plain post needs no preflight)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ]) {
      expect((await post(JSON.stringify({ query: '{ site }' }), type)).status).toBe(415)
    }
    expect((await post(JSON.stringify({ query: '{ site }' }), 'Application/JSON; charset=utf-8')).status).toBe(200)
  })

  it('refuses a body over the limit with 413', async () => {
    const response = await post(
      JSON.stringify({ query: `{ site }${' '.repeat(defaultGraphqlRequestLimits.maxBodyBytes)}` }),
    )
    expect(response.status).toBe(413)
  })

  it('refuses 500 aliases with 400, fast', async () => {
    const started = performance.now()
    const response = await post(
      JSON.stringify({ query: `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: site`).join(' ')} }` }),
    )
    expect(response.status).toBe(400)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(JSON.stringify(await response.json())).toMatch(/500 aliases/)
  })

  it('refuses malformed bodies with 400, and a result over the size limit', async () => {
    expect((await post('{ not json')).status).toBe(400)
    expect((await post(JSON.stringify({ query: 1 }))).status).toBe(400)
    expect((await post(JSON.stringify({ query: '{ site }', variables: [] }))).status).toBe(400)
    expect((await post(JSON.stringify({ query: '{ nope }' }))).status).toBe(400)
    expect((await post(JSON.stringify({ query: '{ big(size: 100) }' }))).status).toBe(200)
    const tooBig = await post(JSON.stringify({ query: '{ big(size: 20000) }' }))
    expect(tooBig.status).toBe(400)
    expect(JSON.stringify(await tooBig.json())).toMatch(/result is over 10000 bytes/)
  })
})
