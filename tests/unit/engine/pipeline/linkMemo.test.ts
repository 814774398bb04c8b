import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSite, type LoadedSite } from '../../../../engine/build.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-link-memo-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
let session: LoadedSite['session'] | undefined
// The markdown cache writes in the background; a failed rebuild leaves its writes running, so they finish before the
// folder goes.
afterAll(async () => {
  await session?.flush()
  fs.rmSync(site, { recursive: true, force: true })
})

const api = path.join(site, 'content/docs/api.md')
// As the dev server does: one process, one session, a rebuild per save.
const rebuild = (session?: LoadedSite['session']) =>
  loadSite(site, { mode: 'develop', quiet: true, sink: quiet, session, workers: false })
const guideLinks = (prepared: LoadedSite) =>
  JSON.stringify(
    prepared.store.getNodesByType('Page').find((page) => String(page.relativePath).endsWith('guide.md'))?.body,
  )

describe('resolved links kept between rebuilds in one process', () => {
  it('reuses them while routes and anchors stay, and resolves again when they change', async () => {
    const first = await rebuild()
    session = first.session
    expect(guideLinks(first)).toContain('/docs/api#options')
    // An edit elsewhere: the guide keeps its resolved body (the very same object).
    fs.appendFileSync(api, '\nMore text.\n')
    const second = await rebuild(first.session)
    expect(guideLinks(second)).toBe(guideLinks(first))
    // The target heading goes away: the guide's link is now dead, and the rebuild says so.
    fs.writeFileSync(api, fs.readFileSync(api, 'utf8').replace('## Options', '## Settings'))
    await expect(rebuild(second.session)).rejects.toThrow(/options/)
  }, 60_000)
})
