import { parseArgs } from 'node:util'

export const usage = `Usage: sheaf <command> [options]

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

/**
 * The command line's options; an unknown or malformed one ends the command with what is wrong and the usage, not a
 * stack trace.
 */
export function parseCommandLine(args: string[]) {
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
export function usageError(message: string): never {
  process.stderr.write(`sheaf: ${message.replace(/\.?$/, '.')}\n\n${usage}`)
  process.exit(2)
}

/** `--port`'s value as a port number (none given: undefined). */
export function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN
  if (!(port >= 1 && port <= 65535)) usageError(`--port takes a port number from 1 to 65535, not \`${value}\``)
  return port
}

/**
 * Commands that take no argument besides their options: a stray word is a mistake (a misspelt option, a missing
 * `--out`), not something to ignore.
 */
export function noArguments(command: string, args: string[]): void {
  if (args.length > 0) usageError(`\`sheaf ${command}\` takes no arguments, but got \`${args.join(' ')}\``)
}

export type CommandLineOptions = ReturnType<typeof parseCommandLine>['values']

/** What a command runs with: the site's folder, the command line's options, and the words after the command. */
export interface CommandContext {
  root: string
  values: CommandLineOptions
  rest: string[]
}
