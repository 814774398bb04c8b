import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { collectStaticQueries } from '../../../../engine/statics/collectStaticQueries.ts'

let dir: string | undefined
afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }))

function site(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-statics-'))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  return dir
}

describe('collectStaticQueries', () => {
  it("reads every module under the rendered modules' folders, one query per id with each place", () => {
    const root = site({
      'theme/Layout.tsx': 'export const query = graphql`query ($path: String!) { page(path: $path) { title } }`',
      'theme/components/Footer.tsx': 'useStaticQuery(graphql`{ site { title } }`)',
      'theme/components/Header.tsx':
        'useStaticQuery(graphql`{ site {   title } }`)\nuseStaticQuery(graphql`{ site { description } }`)',
      'theme/node_modules/x/index.js': 'useStaticQuery(graphql`{ never }`)',
      'theme/notes.md': 'useStaticQuery(graphql`{ never }`)',
      'elsewhere/Other.tsx': 'useStaticQuery(graphql`{ never }`)',
    })
    const queries = collectStaticQueries(
      [path.join(root, 'theme/Layout.tsx'), path.join(root, 'theme/components/Footer.tsx')],
      root,
    )
    expect(queries.map((query) => query.text).sort()).toEqual(['{ site { description } }', '{ site { title } }'])
    const title = queries.find((query) => query.text === '{ site { title } }')
    expect(title?.places).toEqual(['theme/components/Footer.tsx:1:16', 'theme/components/Header.tsx:1:16'])
  })

  it('finds none in a theme without static queries', () => {
    const root = site({ 'theme/Doc.tsx': 'export const query = `{ site { title } }`' })
    expect(collectStaticQueries([path.join(root, 'theme/Doc.tsx')], root)).toEqual([])
  })
})
