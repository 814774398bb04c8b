import path from 'node:path'
import { parseArgs } from 'node:util'
import fs from 'node:fs'
import { loadConfig } from './config/loadConfig.ts'
import { formatError, SheafError } from './errors.ts'
import { bundleCacheDir, markdownCacheDir } from './incremental/cacheDirs.ts'
import { prestartBundleWorker } from './bundle/bundleWorker.ts'
import { prestartBodyWorker } from './server/bodyWorker.ts'

const usage = `Usage: sheaf <command> [options]

Commands:
  init <dir>         Create a new site in <dir> (then: cd <dir> && npm install && npm run dev)
  migrate rspress <rspress-site> <dir>
                     Turn an Rspress 1.x site into a Sheaf site in <dir> (see MIGRATION.md there)
  build              Build the site into build/ (or --out <dir>)
  preview            Serve the last build on 127.0.0.1 (port 4173 or --port)
  dev                Start the dev server with live reload (port 5173 or --port)
  query '<graphql>'  Run a GraphQL query against the data layer and print JSON
  query --schema     Print the data layer's final SDL (inferred and generated types included)
  typegen [--check]  Generate the query result types of the theme and the site (--check: fail when stale)
  typecheck          Check the query types are fresh, then type-check the site (its tsconfig)
  bench              Run the benchmarks (see bench/)

Options:
  --out <dir>        Output folder (build)
  --keep-going       Write every page that has no error, list the broken files, exit 1 (build)
  --config <file>    Config file (default site/config.ts)
  --port <n>         Port (preview, dev)
  --quiet            Print only warnings and errors
  --verbose          Print stack traces
  --version, -v      Print Sheaf's version
  --help, -h         Print this help
`

// The bench has options of its own: everything after `bench` is passed through.
const benchIndex = process.argv.indexOf('bench', 2)
const ownArgs = benchIndex === 2 ? process.argv.slice(2, 3) : process.argv.slice(2)
const benchArgs = benchIndex === 2 ? process.argv.slice(3) : []

const { positionals, values } = parseCommandLine(ownArgs)

/**
 * The command line's options; an unknown or malformed one ends the command with what is wrong and the usage, not a
 * stack trace.
 */
function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        config: { type: 'string' },
        port: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        schema: { type: 'boolean', default: false },
        'keep-going': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    })
  } catch (error) {
    // Node's message names the option and says how to pass a value that starts with a dash.
    usageError(error instanceof Error ? error.message : String(error))
  }
}

/** A command line Sheaf cannot run: what is wrong, then the usage; exits 2 (as a wrong option does in most tools). */
function usageError(message: string): never {
  process.stderr.write(`sheaf: ${message.replace(/\.?$/, '.')}\n\n${usage}`)
  process.exit(2)
}

/** `--port`'s value as a port number (none given: undefined). */
function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN
  if (!(port >= 1 && port <= 65535)) usageError(`--port takes a port number from 1 to 65535, not \`${value}\``)
  return port
}

/**
 * Commands that take no argument besides their options: a stray word is a mistake (a misspelt option, a missing
 * `--out`), not something to ignore.
 */
function noArguments(command: string, args: string[]): void {
  if (args.length > 0) usageError(`\`sheaf ${command}\` takes no arguments, but got \`${args.join(' ')}\``)
}

const root = process.cwd()
const [command, ...rest] = positionals

async function main(): Promise<number> {
  if (values.version) {
    const { packageRoot } = await import('./packageRoot.ts')
    const { version } = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
      version: string
    }
    process.stdout.write(`${version}\n`)
    return 0
  }
  if (values.help || !command) {
    process.stdout.write(usage)
    return command ? 0 : 1
  }
  if (['build', 'preview', 'dev', 'typegen', 'typecheck'].includes(command)) noArguments(command, rest)
  const port = portOption(values.port)
  switch (command) {
    case 'build':
      return buildCommand()
    case 'preview':
      return previewCommand(port)
    case 'dev': {
      // A cold start (no transformed pages kept) starts the worker for its first pages' bodies
      // before loading the engine (see server/bodyWorker.ts).
      const markdownCache = markdownCacheDir(root, undefined)
      if (markdownCache && !fs.existsSync(markdownCache)) prestartBodyWorker()
      const { startDevServer } = await import('./server/devServer.ts')
      await startDevServer(root, { configFile: values.config, port })
      return await new Promise<number>(() => undefined)
    }
    case 'query':
      return queryCommand()
    case 'typegen': {
      const [{ typegen }, { runningHooks }] = await Promise.all([
        import('./typegen/typegen.ts'),
        import('./plugins/runner.ts'),
      ])
      failUnfinishedBuild(() => unfinishedBuildError(runningHooks()))
      const result = await typegen(root, { configFile: values.config, check: values.check })
      if (!values.quiet)
        console.log(`${path.relative(root, result.file)}: ${result.upToDate ? 'up to date' : 'written'}`)
      return 0
    }
    case 'typecheck': {
      const { typecheck } = await import('./typegen/typecheck.ts')
      return typecheck(root, { configFile: values.config })
    }
    case 'init': {
      if (!rest[0])
        throw new SheafError('`sheaf init` needs the folder to create the site in.', {
          hint: 'run e.g. `npx sheaf init my-docs`.',
        })
      const { initSite } = await import('./scaffold/initSite.ts')
      const written = initSite(path.resolve(root, rest[0]))
      process.stdout.write(
        `Created ${written.length} files in ${rest[0]}. Next:\n  cd ${rest[0]}\n  npm install\n  npm run dev      # http://127.0.0.1:5173/\n  npm run build    # into build/\n`,
      )
      return 0
    }
    case 'migrate':
      return migrateCommand()
    case 'bench': {
      // The bench is this repository's TypeScript: loaded as a site's own module is (bundled, the engine left out).
      const { importSiteModule } = await import('./loading/importSiteModule.ts')
      const { runBench } = (await importSiteModule(path.join(root, 'bench', 'run.ts'), root)) as {
        runBench: (args: string[]) => Promise<void>
      }
      await runBench(benchArgs)
      return 0
    }
    default:
      console.error(`Unknown command \`${command}\`.\n\n${usage}`)
      return 1
  }
}

/** `sheaf build`: 0 when pages were written and nothing failed. */
async function buildCommand(): Promise<number> {
  // A cold build (no transformed pages kept) starts its bundle worker before loading the
  // engine (see bundleWorker.ts).
  const markdownCache = markdownCacheDir(root, undefined)
  if (markdownCache && !fs.existsSync(markdownCache)) {
    // Bundles outlive the site cache (see bundleCacheDir): the worker starts only when none is kept.
    const bundles = bundleCacheDir(root, undefined)
    if (!bundles || !fs.existsSync(bundles) || fs.readdirSync(bundles).length === 0) prestartBundleWorker()
  }
  // The config loads (esbuild bundles it in its own process) while the engine's modules load.
  const startedAt = performance.now()
  const config = loadConfig(root, values.config)
  config.catch(() => undefined)
  const [{ build }, outputDir, { runningHooks }] = await Promise.all([
    import('./build.ts'),
    import('./render/outputDir.ts'),
    import('./plugins/runner.ts'),
  ])
  const stopWatching = failUnfinishedBuild(() => {
    outputDir.discardAllStagingSync()
    return unfinishedBuildError(runningHooks())
  })
  try {
    const result = await build(root, {
      configFile: values.config,
      config,
      outDir: values.out,
      quiet: values.quiet,
      startedAt,
      keepGoing: values['keep-going'],
    })
    await outputDir.outputCleanup()
    if (result.errors.length > 0) {
      const { combinedContentErrors } = await import('./pipeline/brokenFiles.ts')
      console.error(formatError(combinedContentErrors(result.errors), { verbose: values.verbose }))
      console.error(
        `--keep-going: ${result.pages.length} pages written to ${displayPath(root, result.outDir)}, which they replaced; the files above are left out (a page with a dead link is written with it).`,
      )
      return 1
    }
    return result.pages.length > 0 ? 0 : 1
  } finally {
    stopWatching()
  }
}

/** `sheaf preview`: serves the built site until stopped. */
async function previewCommand(port: number | undefined): Promise<number> {
  const { startStaticServer } = await import('./server/staticServer.ts')
  const config = await loadConfig(root, values.config)
  const previewPort = port ?? config.previewPort
  const dir = values.out ? path.resolve(root, values.out) : config.outDir
  if (!fs.existsSync(dir)) {
    throw new SheafError(`Nothing to preview: ${path.relative(root, dir) || dir} does not exist.`, {
      hint: 'build the site first (`sheaf build`, or `npm run build`), or pass --out <dir> to preview a build made elsewhere.',
    })
  }
  await startStaticServer({ dir, base: config.base, port: previewPort })
  console.log(`Serving ${path.relative(root, dir) || dir} at http://127.0.0.1:${previewPort}${config.base}`)
  // The server sends the build's _headers (its Content-Security-Policy); a build from before it had one sends none.
  if (config.csp && !fs.existsSync(path.join(dir, '_headers')))
    console.warn(
      `No _headers in ${path.relative(root, dir) || dir}: run \`sheaf build\` to preview the site under its Content-Security-Policy.`,
    )
  return await new Promise<number>(() => undefined)
}

/** `sheaf query`: a GraphQL query (or, with --schema, the schema) answered from the site. */
async function queryCommand(): Promise<number> {
  const query = rest.join(' ')
  if (values.schema) {
    const [{ loadDataLayer }, { printSchemaWithDirectives }] = await Promise.all([
      import('./build.ts'),
      import('@graphql-tools/utils'),
    ])
    const { dataLayer } = await loadDataLayer(root, { configFile: values.config })
    process.stdout.write(`${printSchemaWithDirectives(dataLayer.schema)}\n`)
    return 0
  }
  if (!query.trim()) {
    console.error("sheaf query needs a GraphQL query, e.g. sheaf query '{ allPage { nodes { path title } } }'")
    return 1
  }
  const [{ loadDataLayer }, { runningHooks }] = await Promise.all([import('./build.ts'), import('./plugins/runner.ts')])
  // A hook that never settles must not end the command with 0 and no answer (see failUnfinishedBuild).
  failUnfinishedBuild(() => unfinishedBuildError(runningHooks()))
  const { dataLayer } = await loadDataLayer(root, { configFile: values.config })
  const data = await dataLayer.query(query, {}, 'the command line')
  process.stdout.write(`${JSON.stringify(data, null, 2)}\n`)
  return 0
}

/** `sheaf migrate rspress <site> <new folder>`. */
async function migrateCommand(): Promise<number> {
  const [from, source, target] = rest
  if (from !== undefined && from !== 'rspress') {
    throw new SheafError(`\`sheaf migrate\` knows Rspress 1.x sites only, not \`${from}\`.`, {
      hint: 'run e.g. `npx sheaf migrate rspress ./website ../website-sheaf`.',
    })
  }
  if (!source || !target) {
    throw new SheafError('`sheaf migrate rspress` needs the Rspress site and the new folder.', {
      hint: 'run e.g. `npx sheaf migrate rspress ./website ../website-sheaf`.',
    })
  }
  const { migrateRspress } = await import('./migrate/migrateRspress.ts')
  const result = migrateRspress(path.resolve(root, source), path.resolve(root, target))
  // The migrated site is built (in memory, keeping going) to list every file it will not build as it is.
  const [{ checkMigratedSite }, { mergeChecks }] = await Promise.all([
    import('./migrate/buildCheck.ts'),
    import('./migrate/contentToChange.ts'),
  ])
  const check = await checkMigratedSite(path.resolve(root, target))
  const found = 'issues' in check ? mergeChecks(result.contentIssues, check.issues) : result.contentIssues
  result.rewriteReport(
    found,
    'issues' in check
      ? 'a build of the new site found them, each with its line'
      : `found by looking through the pages; the build check could not run: ${check.failed.replace(/\s*\n\s*/g, ' ')}`,
  )
  const untranslated = result.untranslated.map((item) => `  ${item.key}: ${item.reason}`).join('\n')
  const issues = found.map((issue) => `  ${issue.where}: ${issue.problem}`).join('\n')
  process.stdout.write(
    `Migrated ${source} into ${target}: ${result.translated.length} config keys translated, ${result.untranslated.length} not${untranslated ? `:\n${untranslated}` : '.'}\n${issues ? `Content Sheaf will not build as it is:\n${issues}\n` : ''}The list is in ${path.join(target, 'MIGRATION.md')}. Next:\n  cd ${target}\n  npm install\n  npm run build\n`,
  )
  return 0
}

/**
 * A build whose promise can never settle (a plugin hook awaiting a promise nothing will resolve)
 * empties the event loop, and Node would exit 0 with no site. While the build runs, `beforeExit`
 * means exactly that: clean up, say which hook is stuck, and exit 1.
 */
function failUnfinishedBuild(describe: () => SheafError): () => void {
  const onBeforeExit = () => {
    console.error(formatError(describe(), { verbose: values.verbose }))
    process.exit(1)
  }
  process.on('beforeExit', onBeforeExit)
  return () => process.off('beforeExit', onBeforeExit)
}

function unfinishedBuildError(hooks: { plugin: string; hook: string }[]): SheafError {
  const stuck = hooks.at(-1)
  if (!stuck) {
    return new SheafError(
      `The ${command === 'build' ? 'build' : 'command'} stopped before it finished: a step of it waits on a promise that nothing will settle. Nothing was written.`,
      {
        hint: 'run with --verbose; if no plugin of yours is at fault, this is a bug in Sheaf: please report it.',
      },
    )
  }
  if (stuck.hook === 'waitUntil') {
    return new SheafError(
      `The ${command === 'build' ? 'build' : 'command'} cannot finish: the promise the plugin handed to \`waitUntil\` in \`onPostBuild\` never settles (nothing is left that could settle it).`,
      {
        plugin: stuck.plugin,
        hook: stuck.hook,
        hint: 'make that promise resolve or reject on every path.',
      },
    )
  }
  return new SheafError(
    `The ${command === 'build' ? 'build' : 'command'} cannot finish: the plugin's \`${stuck.hook}\` hook returned a promise that never settles (nothing is left that could settle it). Nothing was written.`,
    {
      plugin: stuck.plugin,
      hook: stuck.hook,
      hint: 'make the hook resolve or reject its promise on every path (an awaited callback that is never called, or a forgotten `resolve`, leave it pending).',
    },
  )
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(formatError(error, { verbose: values.verbose }))
    process.exit(1)
  },
)

/** A folder as the user would type it: relative to the site when inside it, absolute otherwise. */
function displayPath(root: string, dir: string): string {
  const relative = path.relative(root, dir)
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative
}
