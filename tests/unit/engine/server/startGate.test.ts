import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { StartGate } from '../../../../engine/server/startGate.ts'

describe("the dev server's start gate (listening before it is ready)", () => {
  let server: http.Server | null = null
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))
  const listen = async (gate: StartGate) => {
    server = http.createServer((request, response) => void gate.dispatch(request, response))
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it(
    'answers early what the early handler takes, holds the rest until ready, ' +
      'then answers it with the full handler',
    async () => {
      const gate = new StartGate()
      gate.answerEarly(async (request, response) => {
        if (request.url !== '/page') return false
        response.end('early page')
        return true
      })
      const url = await listen(gate)
      expect(await (await fetch(`${url}/page`)).text()).toBe('early page')
      let answered = false
      const held = fetch(`${url}/module.js`).then(async (response) => {
        answered = true
        return `${response.status} ${await response.text()}`
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(answered).toBe(false)
      gate.ready(async (request, response) => void response.end(`ready ${request.url}`))
      expect(await held).toBe('200 ready /module.js')
      // Once ready, the early handler is no longer asked.
      expect(await (await fetch(`${url}/page`)).text()).toBe('ready /page')
    },
  )

  it('offers a request that came before the early handler was set to it once it is', async () => {
    const gate = new StartGate()
    const url = await listen(gate)
    const held = fetch(`${url}/page`).then((response) => response.text())
    await new Promise((resolve) => setTimeout(resolve, 50))
    gate.answerEarly(async (_request, response) => {
      response.end('early page')
      return true
    })
    expect(await held).toBe('early page')
  })

  it("answers held requests with the start's error when the start fails", async () => {
    const gate = new StartGate()
    const url = await listen(gate)
    const held = fetch(`${url}/page`).then(async (response) => `${response.status} ${await response.text()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    gate.fail(new Error('site/config.ts: no such plugin'))
    expect(await held).toMatch(/^500 .*no such plugin/s)
  })

  it("answers a request the early handler was waiting with when the start fails with the start's error", async () => {
    const gate = new StartGate()
    let failStart: (error: unknown) => void = () => undefined
    const started = new Promise<void>((_resolve, reject) => (failStart = reject))
    gate.answerEarly(async () => {
      await started
      return true
    })
    const url = await listen(gate)
    const answer = fetch(`${url}/page`).then(async (response) => `${response.status} ${await response.text()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const error = new Error('content/a.md: bad front-matter')
    gate.fail(error)
    failStart(error)
    expect(await answer).toMatch(/^500 .*bad front-matter/s)
  })
})
