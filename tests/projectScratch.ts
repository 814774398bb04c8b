import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'

/**
 * A git-ignored folder inside the project's test fixtures, removed after the file's tests: modules
 * written there resolve `sheaf`, React and the engine as a site of this repository does.
 * `write(name, text)` creates a file in it (and its folders) and returns its absolute path.
 */
export function projectScratch(prefix: string): { root: string; write: (name: string, text: string) => string } {
  const root = fs.mkdtempSync(path.join(fileURLToPath(new URL('./fixtures/', import.meta.url)), `.tmp-${prefix}-`))
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
  const write = (name: string, text: string) => {
    const file = path.join(root, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, text)
    return file
  }
  return { root, write }
}
