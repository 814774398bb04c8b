import fs from 'node:fs'
import path from 'node:path'

const basic = path.resolve(import.meta.dirname, 'fixtures/basic')

/** Copies the basic fixture site to `to`, a test's own site, without any build output or cache in it. */
export function copyBasicFixture(to: string): void {
  fs.cpSync(basic, to, { recursive: true, filter: (source) => !/[/\\](build|\.sheaf|\.sheaf-cache|\.e2e-[^/\\]*)$/.test(source) })
}
