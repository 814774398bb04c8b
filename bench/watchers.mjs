// Vite's watcher (its bundled chokidar, as `server.watcher`) against engine/server/watchTree.ts, the
// dev server's content watcher (issue 41 item 2: could Vite's do its job?). On N markdown files in
// 50 folders: Vite's time from createServer to its watcher's `ready`, watchTree's (synchronous)
// set-up, and the events each reports for two writes of one file 10 ms apart, made right after
// `ready` and again 2 s later. Run after a compile (it imports dist/): `node bench/watchers.mjs 1000`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createServer } from 'vite'
import { watchTree } from '../dist/engine/server/watchTree.js'

const n = Number(process.argv[2] ?? 1000)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-watchers-'))
const content = path.join(dir, 'content')
for (let i = 0; i < n; i++) {
  const folder = path.join(content, `section-${i % 50}`)
  fs.mkdirSync(folder, { recursive: true })
  fs.writeFileSync(path.join(folder, `page-${i}.md`), `# Page ${i}\n`)
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
async function twoWrites(file, events) {
  const before = events.length
  fs.writeFileSync(file, 'first\n')
  await sleep(10)
  fs.writeFileSync(file, 'second, fixed\n')
  await sleep(3000)
  return events.slice(before)
}
let t = performance.now()
const vite = await createServer({
  root: dir,
  configFile: false,
  logLevel: 'silent',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false },
  optimizeDeps: { noDiscovery: true, include: [] },
})
const created = performance.now() - t
await new Promise((resolve) => vite.watcher.once('ready', resolve))
const viteReady = performance.now() - t
t = performance.now()
const treeEvents = []
const tree = watchTree(content, (file) => treeEvents.push(file))
const treeMs = performance.now() - t
const viteEvents = []
vite.watcher.on('all', (event) => viteEvents.push(`${event}`))
const file = path.join(content, 'section-3', 'page-3.md')
const tEv = await twoWrites(file, treeEvents)
const vEv = viteEvents.splice(0)
const lateFile = path.join(content, 'section-4', 'page-4.md')
await new Promise((r) => setTimeout(r, 2000))
const tLate = await twoWrites(lateFile, treeEvents)
const vLate = viteEvents.splice(0)
const ms = (value) => Math.round(value * 10) / 10
const times = { files: n, watchTreeSetupMs: ms(treeMs), viteCreateMs: ms(created), viteWatcherReadyMs: ms(viteReady) }
const events = { watchTree: [tEv.length, tLate.length], vite: [vEv.length, vLate.length] }
console.log(JSON.stringify({ ...times, eventsForTwoWrites: events }))
tree.close()
await vite.close()
fs.rmSync(dir, { recursive: true, force: true })
