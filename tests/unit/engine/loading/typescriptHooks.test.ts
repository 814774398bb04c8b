import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// The hooks run in a Node process of their own (vitest loads modules its own way), as bin/sheaf.js runs them.
const register = new URL('../../../../engine/loading/registerTypeScript.mjs', import.meta.url).href
// Inside the project (a git-ignored folder), so the TSX finds React as a site's theme would.
const root = fs.mkdtempSync(path.join(fileURLToPath(new URL('../../../fixtures/', import.meta.url)), '.tmp-ts-hooks-'))
const cacheDir = path.join(root, 'cache')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function write(name: string, text: string): string {
  const file = path.join(root, name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  return file
}

/** Imports `file` through the hooks in a new process and prints what `expression` evaluates to on its exports. */
function importThroughHooks(file: string, expression: string) {
  const script = `import { registerTypeScript } from ${JSON.stringify(register)}
registerTypeScript({ cacheDir: ${JSON.stringify(cacheDir)} })
const m = await import(${JSON.stringify(pathToFileURL(file).href)})
console.log(JSON.stringify(${expression}))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })
  return { status: result.status, output: result.stdout.trim() ? JSON.parse(result.stdout) : null, stderr: result.stderr }
}

describe('the TypeScript hooks', () => {
  it('loads TypeScript and TSX, with TypeScript-style extensionless and .js imports', () => {
    write('lib/helper.ts', 'export const twice = (n: number): number => n * 2\n')
    write('lib/index.ts', "export { twice } from './helper'\n")
    write('named.ts', 'export interface Shape { sides: number }\nexport const square: Shape = { sides: 4 }\n')
    write('view.tsx', "export const View = ({ label }: { label: string }) => <b title={label}>{label}</b>\n")
    const entry = write('entry.ts', "import { twice } from './lib'\nimport { square } from './named.js'\nimport { View } from './view.tsx'\nexport const result = { value: twice(square.sides), element: View({ label: 'hi' }).props }\n")
    const { status, output, stderr } = importThroughHooks(entry, 'm.result')
    expect(stderr).toBe('')
    expect(status).toBe(0)
    expect(output).toEqual({ value: 8, element: { title: 'hi', children: 'hi' } })
  })

  it('keeps transformed modules by content, so an edited file is never served from the cache', () => {
    const entry = write('edited.ts', 'export const version: number = 1\n')
    expect(importThroughHooks(entry, 'm.version').output).toBe(1)
    const kept = fs.readdirSync(cacheDir).filter((name) => name.endsWith('.mjs')).length
    expect(kept).toBeGreaterThan(0)
    write('edited.ts', 'export const version: number = 2\n')
    expect(importThroughHooks(entry, 'm.version').output).toBe(2)
    // Unchanged files are read back from the cache, not transformed and written again.
    expect(importThroughHooks(entry, 'm.version').output).toBe(2)
    expect(fs.readdirSync(cacheDir).filter((name) => name.endsWith('.mjs')).length).toBe(kept + 1)
  })

  it('reports a syntax error with the file, line and column', () => {
    const entry = write('broken.ts', 'export const ok = 1\nexport const broken = (\n')
    const { status, stderr } = importThroughHooks(entry, 'm.ok')
    expect(status).not.toBe(0)
    expect(stderr).toContain(`${entry}:3:0`)
  })

  it('maps stack traces to the TypeScript source lines', () => {
    const entry = write('throws.ts', "type Unused = { a: string }\n\nexport function fail(): never {\n  throw new Error('from line four')\n}\n")
    const { output } = importThroughHooks(entry, "(() => { try { m.fail() } catch (error) { return error.stack.split('\\n')[1] } })()")
    expect(output).toContain(`${entry}:4:`)
  })

  it('leaves an unresolvable import to fail as Node reports it', () => {
    const entry = write('missing.ts', "export { nothing } from './not-there'\n")
    const { status, stderr } = importThroughHooks(entry, 'm.nothing')
    expect(status).not.toBe(0)
    expect(stderr).toContain('ERR_MODULE_NOT_FOUND')
    expect(stderr).toContain('not-there')
  })
})
