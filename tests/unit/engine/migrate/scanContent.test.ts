import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanContent } from '../../../../engine/migrate/scanContent.ts'

describe('scanning Rspress content for what Sheaf will not build', () => {
  it(
    'lists relative paths to files that are not images, and non-theme MDX imports, with file:line, ' +
      'skipping fenced code',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-scan-'))
      fs.mkdirSync(path.join(dir, 'guide'))
      fs.writeFileSync(
        path.join(dir, 'guide/a.md'),
        '# A\n\n![diagram](./img/diagram.png)\n\n![logo](/logo.svg) ![x](https://x.org/a.png)\n\n```md\n' +
          '![in code](./no.png)\n```\n\n<img src="shot.png" alt="" />\n\n![report](./report.pdf)\n',
      )
      fs.writeFileSync(
        path.join(dir, 'guide/b.mdx'),
        "import { Tabs } from '@theme'\nimport Chart from '../components/Chart'\n" +
          "import logo from '@/public/logo.svg'\n\n# B\n\n````tsx\nimport React from 'react'\n```\n" +
          "import x from 'y'\n```\n````\n",
      )
      expect(scanContent(dir, 'docs')).toEqual([
        // Images by relative path (`./img/diagram.png`, `shot.png`) are copied into the build's assets.
        {
          where: 'docs/guide/a.md:13',
          cause: 'Images by relative path',
          problem: expect.stringContaining('the image `./report.pdf` is a relative path to a file Sheaf does not copy'),
        },
        {
          where: 'docs/guide/b.mdx:2',
          cause: 'MDX imports Sheaf does not resolve',
          problem: expect.stringContaining('imports from `../components/Chart`'),
        },
      ])
      fs.rmSync(dir, { recursive: true, force: true })
    },
  )
})
