import fs from 'node:fs'
import path from 'node:path'
import { buildCommand } from './cli/buildCommand.ts'
import { noArguments, parseCommandLine, portOption, usage, type CommandContext } from './cli/commandLine.ts'
import { migrateCommand } from './cli/migrateCommand.ts'
import { previewCommand } from './cli/previewCommand.ts'
import { queryCommand } from './cli/queryCommand.ts'
import { failUnfinishedBuild, unfinishedBuildError } from './cli/unfinishedBuild.ts'
import { formatError, SheafError } from './errors.ts'
import { markdownCacheDir } from './incremental/cacheDirs.ts'
import { prestartBodyWorker } from './server/bodyWorker.ts'

// The bench has options of its own: everything after `bench` is passed through.
const benchIndex = process.argv.indexOf('bench', 2)
const ownArgs = benchIndex === 2 ? process.argv.slice(2, 3) : process.argv.slice(2)
const benchArgs = benchIndex === 2 ? process.argv.slice(3) : []

const { positionals, values } = parseCommandLine(ownArgs)

const root = process.cwd()
const [command, ...rest] = positionals
const context: CommandContext = { root, values, rest }

/** `sheaf <command>`: runs it and resolves to the process's exit code (dev and preview never resolve). */
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
      return buildCommand(context)
    case 'preview':
      return previewCommand(context, port)
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
      return queryCommand(context)
    case 'typegen': {
      const [{ typegen }, { runningHooks }] = await Promise.all([
        import('./typegen/typegen.ts'),
        import('./plugins/runner.ts'),
      ])
      failUnfinishedBuild(() => unfinishedBuildError(runningHooks(), command), values.verbose)
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
        `Created ${written.length} files in ${rest[0]}. Next:\n  cd ${rest[0]}\n  npm install\n` +
          `  npm run dev      # http://127.0.0.1:5173/\n  npm run build    # into build/\n`,
      )
      return 0
    }
    case 'migrate':
      return migrateCommand(context)
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(formatError(error, { verbose: values.verbose }))
    process.exit(1)
  },
)
