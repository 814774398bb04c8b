#!/usr/bin/env node
// Runs the engine's CLI from its compiled JavaScript (dist/, see scripts/compile.mjs).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'

// A build's heap is mostly garbage between pages, and V8 lets it grow towards a quarter of the
// machine's memory before collecting in earnest (a 5,000-page build peaked at 2.1 GB with a live
// set under 1.2 GB). `build` runs with a cap, so it collects earlier; a site that needs more sets
// its own, e.g. NODE_OPTIONS=--max-old-space-size=4096. Other commands are long-running servers
// that tests stop by PID, so they are never re-run in a child process.
//
// It also runs with a larger V8 interrupt budget: V8 then optimizes a function with TurboFan after
// more of its runs, so a build spends less time compiling code it is nearly done with. Every
// thread of a build (the main one and its workers) compiled TurboFan code for about 1.9 s of CPU
// in a cold build of this site's docs; with the budget at 1,000,000 (V8's default: 67,584) the
// build used 0.6 s less CPU and finished 0.3-0.5 s sooner (N=1,000 corpus: 0.4 s sooner cold,
// the one-page rebuild unchanged).
const heapFlag = /--max-old-space-size/
const buildHeapMb = 1536
const budgetFlag = /--interrupt-budget/
const buildInterruptBudget = 1_000_000
if (process.argv[2] === 'build' && !process.execArgv.some((arg) => heapFlag.test(arg)) && !heapFlag.test(process.env.NODE_OPTIONS ?? '')) {
  const budget = process.execArgv.some((arg) => budgetFlag.test(arg)) ? [] : [`--interrupt-budget=${buildInterruptBudget}`]
  const child = spawnSync(process.execPath, [`--max-old-space-size=${buildHeapMb}`, ...budget, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exit(child.status ?? 1)
}

// The dev server's start transforms every page too: the same budget, set in this process (N=1,000
// corpus: first page 0.7 s sooner).
if (process.argv[2] === 'dev' && !process.execArgv.some((arg) => budgetFlag.test(arg))) v8.setFlagsFromString(`--interrupt-budget=${buildInterruptBudget}`)

// Builds render with React's production builds (several times faster than development ones);
// only the dev server keeps development mode, for its warnings. Set before React loads.
if (!process.env.NODE_ENV && process.argv[2] !== 'dev') process.env.NODE_ENV = 'production'

// One way to load the engine, in every command, worker thread and test: its compiled JavaScript in
// dist/. `npm ci` compiles it (the `prepare` script); in a checkout whose sources changed since,
// they are compiled again first (about 1 s), so an edit never runs stale. A published copy has no
// sources and skips the check.
const { compileIfStale } = await import('../scripts/compile.mjs')
await compileIfStale()
await import('../dist/engine/cli.js')
