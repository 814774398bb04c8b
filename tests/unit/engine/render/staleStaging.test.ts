import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createStagingDir } from '../../../../engine/render/outputDir.ts'
import { stagingOwnerFile } from '../../../../engine/render/staleStaging.ts'

// Issue 38: a 50,000-page build killed mid-way left 7.1 GB in its staging folder, and every later
// build left it there. The next build into the same output folder removes what a killed build
// left, and nothing a running build still writes.

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-stale-staging-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid
}

function leftover(dir: string, owner?: string, ageMs = 0): string {
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'docs', 'page.html'), 'x'.repeat(1000))
  if (owner !== undefined) fs.writeFileSync(stagingOwnerFile(dir), owner)
  if (ageMs) fs.utimesSync(dir, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs))
  return dir
}

describe('a build removes what killed builds left beside its output folder', () => {
  it("removes staging folders of dead builds and replaced outputs, keeps a running build's", async () => {
    const parent = fs.mkdtempSync(path.join(temp, 'case-'))
    const out = path.join(parent, 'build')
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      const killed = leftover(path.join(parent, '.build-staging-0badc0de'), `${deadPid()}\n${os.hostname()}\n`)
      const killedAtOnce = leftover(path.join(parent, '.build-staging-00000001'), undefined, 10 * 60_000)
      const replaced = leftover(path.join(parent, `build.old-${deadPid()}-m1x2y3`))
      const live = leftover(path.join(parent, '.build-staging-1234abcd'), `${running.pid}\n${os.hostname()}\n`)
      const justMade = leftover(path.join(parent, '.build-staging-abcd1234'))
      const otherSite = leftover(path.join(parent, '.site-staging-0badc0de'), `${deadPid()}\n${os.hostname()}\n`)

      const staging = await createStagingDir(out)
      for (const dir of [killed, killedAtOnce, replaced]) expect(fs.existsSync(dir), dir).toBe(false)
      for (const dir of [live, justMade, otherSite, staging.dir]) expect(fs.existsSync(dir), dir).toBe(true)

      expect(fs.existsSync(stagingOwnerFile(killed))).toBe(false)
      expect(fs.existsSync(stagingOwnerFile(live))).toBe(true)
      // The owner file lies beside the staging folder, never in what is published, and goes with it.
      expect(fs.readdirSync(staging.dir)).not.toContain(path.basename(stagingOwnerFile(staging.dir)))
      await staging.commit()
      expect(fs.existsSync(stagingOwnerFile(staging.dir))).toBe(false)
      expect(fs.readdirSync(out).filter((name) => name.includes('owner'))).toEqual([])
    } finally {
      running.kill()
    }
  })
})
