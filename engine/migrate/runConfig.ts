import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { SheafError } from '../errors.ts'
import { NonLiteral, type LiteralValue } from './readConfigLiteral.ts'

/**
 * Runs the config in a child process and prints its value as JSON: functions and class instances
 * (plugins, Rsbuild objects) become `{ "__sheafCode": "..." }`, which `fromJson` turns into NonLiterals.
 */
const printConfig = `
const file = process.argv[1]
const { createRequire } = await import('node:module')
let config = createRequire(file)(file)
config = config && config.__esModule && 'default' in config ? config.default : (config.default ?? config)
if (typeof config === 'function') config = await config({ command: 'build', mode: 'production', env: 'production' })
config = await config
const code = (value) => ({ __sheafCode: String(value).replace(/\\s+/g, ' ').slice(0, 120) })
process.stdout.write(JSON.stringify(config, (key, value) => {
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return code(value)
  if (value instanceof RegExp) return code(value)
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null) return code(value.constructor?.name ?? 'object')
  }
  return value
}))
`

/**
 * Reads a config that is not an object literal (`export default makeConfig()`) by running it: esbuild
 * bundles it (the site's own packages stay imports, resolved from its node_modules) into a file
 * beside it, removed afterwards, and a child process imports it. Only for `sheaf migrate`, on the
 * user's own site; a config that needs its packages installed says so.
 */
export function readConfigByRunning(file: string): Record<string, LiteralValue> {
  const dir = path.dirname(file)
  const bundled = path.join(dir, `.sheaf-migrate-config-${process.pid}.cjs`)
  try {
    try {
      buildSync({
        entryPoints: [file],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        packages: 'external',
        outfile: bundled,
        logLevel: 'silent',
        target: 'node20',
      })
    } catch (error) {
      throw new SheafError(
        `Cannot bundle ${file} to run it: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        { file, hint: 'fix the config so that Rspress itself can load it.' },
      )
    }
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', printConfig, bundled], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    })
    if (child.status !== 0) {
      const reason =
        (child.stderr || child.error?.message || '')
          .split('\n')
          .find((line) => /^\s*\w*Error(\s*\[\w+\])?:/.test(line)) ?? `exit code ${child.status}`
      throw new SheafError(`Running ${path.basename(file)} to read it failed: ${reason.trim()}`, {
        file,
        hint:
          "install the Rspress site's packages (`npm install` there) so its config can run, " +
          'or write `export default defineConfig({ ... })` with the options inline.',
      })
    }
    return fromJson(JSON.parse(child.stdout), dir) as Record<string, LiteralValue>
  } finally {
    fs.rmSync(bundled, { force: true })
  }
}

/** The printed JSON as config data: code markers become NonLiterals, absolute paths inside the site become relative. */
function fromJson(value: unknown, dir: string): LiteralValue {
  if (Array.isArray(value)) return value.map((entry) => fromJson(entry, dir))
  if (value && typeof value === 'object') {
    if (typeof (value as { __sheafCode?: unknown }).__sheafCode === 'string')
      return new NonLiteral((value as { __sheafCode: string }).__sheafCode)
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fromJson(entry, dir)]))
  }
  if (typeof value === 'string' && path.isAbsolute(value) && (value === dir || value.startsWith(`${dir}${path.sep}`))) {
    return path.relative(dir, value).split(path.sep).join('/') || '.'
  }
  return value as LiteralValue
}
