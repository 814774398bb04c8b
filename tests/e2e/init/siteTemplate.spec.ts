import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startStaticServer } from '../../../engine/server/staticServer.ts'
import { closeServer } from '../closeServer.ts'
import { hydrationNoise } from '../siteCrawl.ts'
import { portOffset } from '../sites.ts'
import { startDevServer } from '../startDevServer.ts'

// A site made by `sheaf init`, then given a template of its own as docs/start-a-new-site.md shows:
// a plugin creates a page per member from site/templates/Member.tsx (found by `$path`), whose footer
// is a static query. No install besides `npm install`: React is the site's (init writes it), and
// the site's `typegen` and `typecheck` scripts type the template's queries.
const repo = path.resolve(import.meta.dirname, '../../..')
const port = 4311 + portOffset
const devPort = 5311 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let site: string
let server: Server
let dev: ChildProcess | undefined

const files: Record<string, string> = {
  'site/team.ts':
    `import path from 'node:path'
import { definePlugin, type Plugin } from 'sheaf'

const members = [{ slug: ` +
    `'ada', name: 'Ada' }, { slug: 'grace', name: 'Grace' }]

export function team(): ` +
    `Plugin {
  return definePlugin({
    name: 'team',
    createSchemaCustomization({ addTypeDefs, ` +
    `addResolvers }) {
      addTypeDefs('type TeamMember { slug: String! name: ` +
    `String! } extend type Query { memberAt(path: String!): TeamMember team: ` +
    `[TeamMember!]! }')
      addResolvers({ Query: { memberAt: (_: unknown, args: { path: string }) ` +
    `=> members.find((member) => \`/team/\${member.slug}\` === args.path) ?? null, team: () ` +
    `=> members } })
    },
    createPages({ createPage }) {
      for (const member of members) ` +
    `createPage({ path: \`/team/\${member.slug}\`, component: path.join(import.meta.dirname, ` +
    `'templates/Member.tsx') })
    },
  })
}
`,
  'site/templates/Member.tsx': `import { useState } from 'react'
import { graphql, useStaticQuery, type TemplateProps } from 'sheaf/runtime'
import type { MemberQuery, TeamCountQuery } from './queries.generated.ts'

export const query = graphql\`query Member($path: String!) { memberAt(path: $path) { name } }\`

function TeamCount() {
  const data = useStaticQuery<TeamCountQuery>(graphql\`query TeamCount { team { slug } }\`)
  return <p>A team of {data.team.length}</p>
}

export default function Member({ data }: TemplateProps<MemberQuery>) {
  // A hook of React itself: the site's React is the engine's.
  const [greeted] = useState('Hello')
  return (
    <article>
      <h1>{greeted}, {data.memberAt?.name}</h1>
      <TeamCount />
    </article>
  )
}
`,
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-init-template-'))
  site = path.join(work, 'my-docs')
  const env = { ...process.env, NODE_ENV: '' }
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'init', site], { env, stdio: 'pipe' })
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
    fs.writeFileSync(path.join(site, file), text)
  }
  const config = path.join(site, 'site/config.ts')
  fs.writeFileSync(
    config,
    fs
      .readFileSync(config, 'utf8')
      .replace(
        "import { versions } from 'sheaf/plugins/versions'\n",
        "import { versions } from 'sheaf/plugins/versions'\nimport { team } from './team.ts'\n",
      )
      .replace('    search(),\n', '    search(),\n    team(),\n'),
  )
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
})

test.afterAll(async () => {
  dev?.kill()
  if (server) await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test("the site's typegen writes its template's query types, and its typecheck passes, then fails on a wrong field", () => {
  execFileSync('npm', ['run', 'typegen'], { cwd: site, stdio: 'pipe' })
  const types = fs.readFileSync(path.join(site, 'site/templates/queries.generated.ts'), 'utf8')
  expect(types).toContain('export type MemberQuery = {')
  expect(types).toContain('export type TeamCountQuery = {')
  const passing = spawnSync('npm', ['run', 'typecheck'], { cwd: site, encoding: 'utf8' })
  expect(passing.stdout + passing.stderr).not.toMatch(/error/i)
  expect(passing.status).toBe(0)
  const template = path.join(site, 'site/templates/Member.tsx')
  const source = fs.readFileSync(template, 'utf8')
  fs.writeFileSync(template, source.replace('data.memberAt?.name', 'data.memberAt?.nam'))
  const failing = spawnSync('npm', ['run', 'typecheck'], { cwd: site, encoding: 'utf8' })
  fs.writeFileSync(template, source)
  expect(failing.stdout).toMatch(/Member\.tsx\(\d+,\d+\): error TS2551: Property 'nam' does not exist/)
})

test(
  'it builds with no extra install, and the template page shows its member and the static query, ' +
    'hydrating quietly',
  async ({ page }) => {
    test.setTimeout(180_000)
    execFileSync('npm', ['run', 'build', '--', '--quiet'], { cwd: site, stdio: 'pipe' })
    server = await startStaticServer({ dir: path.join(site, 'build'), base: '/', port })
    const html = await (await fetch(`${origin}/team/grace`)).text()
    expect(html).toContain('Hello<!-- -->, <!-- -->Grace</h1>')
    expect(html).toContain('A team of <!-- -->2')
    expect(await hydrationNoise(page, origin, ['/team/ada', '/team/grace'])).toEqual([])
  },
)

test('`sheaf dev` serves the template page without "Failed to resolve dependency" noise', async ({ page }) => {
  test.setTimeout(120_000)
  const output: string[] = []
  dev = await startDevServer(site, devPort, async () => (await fetch(`http://127.0.0.1:${devPort}/team/ada`)).ok)
  dev.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  dev.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  await page.goto(`http://127.0.0.1:${devPort}/team/ada`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible()
  await expect(page.getByText('A team of 2')).toBeVisible()
  expect(output.join('')).not.toMatch(/Failed to resolve dependency|Invalid hook call/)
})
