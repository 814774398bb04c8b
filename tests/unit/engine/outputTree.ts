import fs from 'node:fs'
import path from 'node:path'

/** Every file under `dir`, by relative path, with its text: two builds' outputs compare with toEqual. */
export function outputTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else files[child] = fs.readFileSync(path.join(dir, child), 'utf8')
    }
  }
  walk('')
  return files
}
