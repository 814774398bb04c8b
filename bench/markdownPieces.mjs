// `node bench/markdownPieces.mjs highlight|parse`: one piece of the markdown pipeline over this
// site's content/, alone in a fresh process, in CPU time, so that a mechanism can be measured
// paired (alternate runs with it switched off by a temporary edit) on a machine too loaded for
// whole builds to tell 5% apart. Runs the compiled engine (dist/: `npm run compile` first).
//   highlight: every fenced block once, with one highlighter, its grammars loaded first.
//   parse: every page with the engine's parser (createParser), 3 passes; the last two counted.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const engine = (module) => import(path.join(root, 'dist/engine/markdown', module))
const files = fs.readdirSync(path.join(root, 'content'), { recursive: true }).filter((file) => /\.mdx?$/.test(file))
const pages = files.map((file) => ({
  mdx: file.endsWith('.mdx'),
  source: fs.readFileSync(path.join(root, 'content', file), 'utf8'),
}))
const cpuMs = (since) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

if (process.argv[2] === 'highlight') {
  const { scanFences } = await engine('fenceScanner.js')
  const { createCodeHighlighter } = await engine('highlighter.js')
  const fences = pages.flatMap(({ source }) => scanFences(source).filter((block) => block.closeLine !== null))
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  const blocks = fences
    .map((block) => ({ lang: highlighter.resolveLanguage(block.info.split(/[ \t]/)[0]), code: block.lines.join('\n') }))
    .filter((block) => block.lang)
  for (const lang of new Set(blocks.map((block) => block.lang))) await highlighter.ensureLanguage(lang)
  const started = process.cpuUsage()
  for (const block of blocks) await highlighter.highlight(block.code, block.lang, new Set())
  console.log(`highlight: ${blocks.length} blocks, ${cpuMs(started).toFixed(0)} ms CPU`)
} else if (process.argv[2] === 'parse') {
  const { createParser } = await engine('parser.js')
  const parsers = { md: createParser(false), mdx: createParser(true) }
  let started
  for (let pass = 0; pass < 3; pass++) {
    if (pass === 1) started = process.cpuUsage()
    for (const { mdx, source } of pages) {
      try {
        ;(mdx ? parsers.mdx : parsers.md).parse(source)
      } catch {
        // A page the processor would report; its parse still counts until it failed.
      }
    }
  }
  console.log(`parse: ${pages.length} pages, ${(cpuMs(started) / 2).toFixed(0)} ms CPU per pass`)
} else {
  console.error('usage: node bench/markdownPieces.mjs highlight|parse')
  process.exitCode = 1
}
