import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { inlineText } from '../../../../plugins/llms/inlineText.ts'

// Issue 38: a description with a line break wrote a line of its own into llms.txt (a link entry
// of the contributor's choosing), and `]` in a title closed its link early. A temporary site root
// beside the broken-input fixtures, with their shared config plus llms().

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const made: string[] = []

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('llms.txt', () => {
  it('keeps every page on one line, with its brackets escaped', async () => {
    const dir = fs.mkdtempSync(path.join(brokenDir, '.generated-'))
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-llms-lines-'))
    made.push(dir, out)
    fs.mkdirSync(path.join(dir, 'content/docs'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'content/index.md'), '# Home\n')
    fs.writeFileSync(
      path.join(dir, 'content/docs/a.md'),
      '---\ntitle: "Close] [early](https://evil.example)"\n' +
        'description: "first\\n- [Injected](https://evil.example/x)\\r\\n\\u2028## Heading"\n---\n\n# A\n',
    )
    fs.writeFileSync(path.join(dir, 'content/docs/b.md'), '---\ntitle: Plain\ndescription: Just text.\n---\n\n# B\n')
    fs.writeFileSync(
      path.join(dir, 'config.ts'),
      [
        "import base from '../config.ts'",
        "import { llms } from 'sheaf/plugins/llms'",
        "export default { ...base, url: 'https://example.org', plugins: [...base.plugins, llms()] }",
        '',
      ].join('\n'),
    )
    await build(dir, { configFile: 'config.ts', outDir: out, sink: quiet, cache: false, workers: false })
    const lines = fs.readFileSync(path.join(out, 'llms.txt'), 'utf8').split('\n')
    const entries = lines.filter((line) => line.startsWith('- '))
    expect(entries).toHaveLength(3)
    expect(lines.filter((line) => line.startsWith('#'))).toHaveLength(2) // the title and one section
    expect(lines.some((line) => line.includes('evil.example') && !line.includes('\\]'))).toBe(false)
    expect(entries).toContain(
      '- [Close\\] \\[early\\]\\(https://evil.example\\)](https://example.org/docs/a.md): ' +
        'first - \\[Injected\\]\\(https://evil.example/x\\) ## Heading',
    )
    expect(entries).toContain('- [Plain](https://example.org/docs/b.md): Just text.')
  }, 60_000)

  it('escapes every line break and bracket of a text', () => {
    expect(inlineText('a\nb\r\nc\rd\u2028e\u2029f\u0085g\fh\vi')).toBe('a b c d e f g h i')
    expect(inlineText('[x](y) \\ <b> *e* _u_ `c`')).toBe('\\[x\\]\\(y\\) \\\\ \\<b\\> \\*e\\* \\_u\\_ \\`c\\`')
  })
})
