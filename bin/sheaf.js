#!/usr/bin/env node
// Runs the engine's CLI from its compiled JavaScript (dist/, see scripts/compile.mjs).
import v8 from 'node:v8'

// `build` and `dev` run with a larger V8 interrupt budget: V8 then optimizes a function with
// TurboFan after more of its runs, so a build spends less time compiling code it is nearly done
// with. Every thread of a build (the main one and its workers) compiled TurboFan code for about
// 1.9 s of CPU in a cold build of this site's docs; with the budget at 1,000,000 (V8's default:
// 67,584) the build used 0.6 s less CPU and finished 0.3-0.5 s sooner (N=1,000 corpus: 0.4 s
// sooner cold; the dev server's first page 0.7 s sooner). Set here, before the engine's code runs;
// the flag is the process's, so worker threads started later have it too.
//
// Every command runs in this one process. `build` once ran again in a child process with a heap
// cap (1,536 MB), to hold its peak memory down; the peaks are now the same without it (cold
// N=1,000 corpus: 690-698 MB against 674-737 MB; N=5,000: 1.47 GB against 1.41 GB), and the
// child's start cost every build about 0.1 s. A site that wants a cap sets its own, e.g.
// NODE_OPTIONS=--max-old-space-size=2048.
const budgetFlag = /--interrupt-budget/
const interruptBudget = 1_000_000
const command = process.argv[2]
if (
  (command === 'build' || command === 'dev') &&
  !process.execArgv.some((arg) => budgetFlag.test(arg)) &&
  !budgetFlag.test(process.env.NODE_OPTIONS ?? '')
) {
  v8.setFlagsFromString(`--interrupt-budget=${interruptBudget}`)
}

// Builds render with React's production builds (several times faster than development ones);
// only the dev server keeps development mode, for its warnings. Set before React loads.
if (!process.env.NODE_ENV && command !== 'dev') process.env.NODE_ENV = 'production'

// One way to load the engine, in every command, worker thread and test: its compiled JavaScript in
// dist/. `npm ci` compiles it (the `prepare` script); in a checkout whose sources changed since,
// they are compiled again first (about 1 s), so an edit never runs stale. A published copy has no
// sources and skips the check.
const { compileIfStale } = await import('../scripts/compile.mjs')
await compileIfStale()
await import('../dist/engine/cli.js')
