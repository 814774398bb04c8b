#!/usr/bin/env node
// The data layer at N pages of the synthetic corpus: the schema phase (plugins' createSchemaCustomization,
// inference and generated fields, graphql's build) as the build's phase timer reports it, then a
// filtered `allPage` query: the first run (parse, validation, lazy index) and the median of 20 more,
// each recording its reads as a page's query does. Run against any checkout of the engine:
//
//   node bench/dataLayerQuery.mjs <engine checkout> <N> [old]
//
// `old` asks the queries in the syntax before issue 39 (allPage returned a list; filter
// `{ pathPrefix }` / `{ version }`), for a paired figure against a checkout from before it.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const [engine = '.', sizeArg = '5000', syntax = 'new'] = process.argv.slice(2)
const root = path.resolve(engine)
const size = Number(sizeArg)
const corpus = `/tmp/docsite-bench/corpus-${size}`
if (!fs.existsSync(corpus))
  execFileSync('node', [path.resolve(root, '../shared/bench/gen-corpus.mjs'), corpus, String(size)], {
    stdio: 'ignore',
  })
const work = `/tmp/docsite-bench/dl-${path.basename(root)}-${size}`
if (!fs.existsSync(`${work}/content/1.0`)) fs.cpSync(corpus, `${work}/content/1.0`, { recursive: true })
process.env.BENCH_CORPUS = `${work}/content`
process.env.BENCH_OUT = `${work}/out`
execFileSync('node', [path.join(root, 'scripts/compile.mjs'), '--if-stale', '--quiet'], { cwd: root, stdio: 'inherit' })

const siteDir = path.join(root, 'bench/corpus-site')
process.chdir(siteDir)
const { loadDataLayer } = await import(path.join(root, 'dist/engine/build.js'))
// Not quiet: the phase timer prints the `schema` phase.
const { dataLayer } = await loadDataLayer(siteDir, { quiet: false })

if (process.env.SAMPLE)
  console.log(
    JSON.stringify(
      await dataLayer.query(
        syntax === 'old'
          ? '{ allPage(limit: 3, skip: 2000) { path title version pageType frontmatter } }'
          : '{ allPage(limit: 3, skip: 2000) { nodes { path title version pageType frontmatter } } }',
        {},
        'bench',
      ),
    ),
  )
const queries =
  syntax === 'old'
    ? {
        prefix: '{ allPage(filter: { pathPrefix: "/part-7/" }) { path title } }',
        version: '{ allPage(filter: { version: "1.0", pageType: "doc" }, limit: 10) { path title } }',
      }
    : {
        prefix: '{ allPage(filter: { path: { glob: "/part-7/**" } }) { nodes { path title } } }',
        version:
          '{ allPage(filter: { version: { eq: "1.0" }, pageType: { eq: "doc" } }, limit: 10) ' +
          '{ nodes { path title } } }',
        title: '{ allPage(filter: { title: { eq: "Flat folder guide 2660" } }) { totalCount nodes { path } } }',
        frontmatter:
          '{ allPage(filter: { frontmatter: { title: { regex: "/guide 1/" } } }, sort: { title: DESC }, ' +
          'limit: 5) { totalCount nodes { path } } }',
        // Issue 39's goal (< 20 ms at N=5,000): an indexed `eq`, a regex over front-matter, a sort, a page of 20.
        goal:
          '{ allPage(filter: { version: { eq: "1.0" }, frontmatter: { title: { regex: "/a/" } } }, sort: ' +
          '{ title: ASC }, limit: 20) { totalCount nodes { path title } } }',
      }

// The schema build itself, over this store: the core SDL, inference and the generated fields
// (the plugins' SDL is a few lines; their createSchemaCustomization work is in the phase above).
const { buildSchema } = await import(path.join(root, 'dist/engine/schema/buildSchema.js'))
const store = dataLayer.context().store
const builds = []
for (let run = 0; run < 7; run++) {
  const start = performance.now()
  if (syntax === 'old') buildSchema([], [])
  else buildSchema([], [], store)
  builds.push(performance.now() - start)
}
builds.sort((a, b) => a - b)
console.log(
  `buildSchema  first ${builds.length && builds[0] >= 0 ? '' : ''}median ${builds[3].toFixed(2)} ms, ` +
    `min ${builds[0].toFixed(2)} ms, max ${builds[6].toFixed(2)} ms (${store.getNodesByType('Page').length} ` +
    `pages)`,
)

const time = async (query) => {
  const start = performance.now()
  const result = await dataLayer.query(query, {}, 'bench', new Set())
  return { ms: performance.now() - start, result }
}
for (const [name, query] of Object.entries(queries)) {
  const first = await time(query)
  const runs = []
  for (let run = 0; run < 20; run++) runs.push((await time(query)).ms)
  runs.sort((a, b) => a - b)
  const list = first.result.allPage.nodes ?? first.result.allPage
  const reads = new Set()
  await dataLayer.query(query, {}, 'bench', reads)
  console.log(
    `${name.padEnd(12)} first ${first.ms.toFixed(2)} ms, median ${runs[10].toFixed(2)} ms, ` +
      `max ${runs[19].toFixed(2)} ms (${list.length} pages, ${reads.size} reads recorded)`,
  )
}
