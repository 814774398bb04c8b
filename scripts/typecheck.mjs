// `npm run typecheck`: the query-type checks (typegen --check, for this site and the basic fixture)
// and the two TypeScript programs (the whole project with Node types, the browser code with DOM
// types only). The two tsc programs share nothing they could reuse (different libs and types), and
// each is one single-threaded process: run side by side on two cores the typecheck takes as long
// as the larger program (about 10 s) instead of the sum of all four commands (about 20 s).
//
// Two lanes, each a sequence: the typegen checks go one after the other because each may first
// compile a stale engine into dist/, and two compiles into one dist/ at once would race.
//
// `--lint` (what `npm test` runs) adds ESLint to the first lane and Prettier's check to the second:
// each is one single-threaded process too, so on two cores they cost about half their sum.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const sheaf = path.join(root, 'bin/sheaf.js')
const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js')
const prettier = path.join(root, 'node_modules/prettier/bin/prettier.cjs')
const lint = process.argv.includes('--lint')

/** @typedef {{ label: string, args: string[], cwd?: string }} Step */

/** @type {Step[][]} */
const lanes = [
  [{ label: 'tsc -p tsconfig.json', args: [tsc, '-p', 'tsconfig.json', '--noEmit', '--pretty'] }],
  [
    { label: 'typegen --check (site)', args: [sheaf, 'typegen', '--check', '--quiet'] },
    {
      label: 'typegen --check (tests/fixtures/basic)',
      args: [sheaf, 'typegen', '--check', '--quiet'],
      cwd: path.join(root, 'tests/fixtures/basic'),
    },
    {
      label: 'typegen --check (tests/fixtures/site-template)',
      args: [sheaf, 'typegen', '--check', '--quiet'],
      cwd: path.join(root, 'tests/fixtures/site-template'),
    },
    { label: 'tsc -p tsconfig.client.json', args: [tsc, '-p', 'tsconfig.client.json', '--noEmit', '--pretty'] },
  ],
]
if (lint) {
  lanes[0].push({ label: 'eslint .', args: [eslint, '.', '--max-warnings', '0'] })
  lanes[1].push({ label: 'prettier --check .', args: [prettier, '--check', '.', '--log-level', 'warn'] })
}

/** Runs one step; its output is printed in one piece when it ends, so the lanes' output never interleaves. */
function run(step) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, { cwd: step.cwd ?? root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', (error) => {
      process.stderr.write(`${step.label}: ${error.message}\n`)
      resolve(false)
    })
    child.once('close', (code) => {
      if (output) process.stderr.write(output.endsWith('\n') ? output : `${output}\n`)
      if (code !== 0) process.stderr.write(`typecheck: ${step.label} failed (exit ${code})\n`)
      resolve(code === 0)
    })
  })
}

/** A lane stops at its first failure (a stale query type makes the tsc errors after it noise). */
async function runLane(steps) {
  for (const step of steps) if (!(await run(step))) return false
  return true
}

const results = await Promise.all(lanes.map(runLane))
process.exitCode = results.every(Boolean) ? 0 : 1
