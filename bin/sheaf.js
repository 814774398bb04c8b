#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so there is no compile step to remember.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// A build's heap is mostly garbage between pages, and V8 lets it grow towards a quarter of the
// machine's memory before collecting in earnest (a 5,000-page build peaked at 2.1 GB with a live
// set under 1.2 GB). `build` runs with a cap, so it collects earlier; a site that needs more sets
// its own, e.g. NODE_OPTIONS=--max-old-space-size=4096. Other commands are long-running servers
// that tests stop by PID, so they are never re-run in a child process.
const heapFlag = /--max-old-space-size/
const buildHeapMb = 1536
if (process.argv[2] === 'build' && !process.execArgv.some((arg) => heapFlag.test(arg)) && !heapFlag.test(process.env.NODE_OPTIONS ?? '')) {
  const child = spawnSync(process.execPath, [`--max-old-space-size=${buildHeapMb}`, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exit(child.status ?? 1)
}

// Builds render with React's production builds (several times faster than development ones);
// only the dev server keeps development mode, for its warnings. Set before React loads.
if (!process.env.NODE_ENV && process.argv[2] !== 'dev') process.env.NODE_ENV = 'production'

// Imported only now: a build's first process only starts the second, and needs no TypeScript.
const { register } = await import('tsx/esm/api')
register()
await import('../engine/cli.ts')
