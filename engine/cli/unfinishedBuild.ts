import { formatError, SheafError } from '../errors.ts'

/**
 * A build whose promise can never settle (a plugin hook awaiting a promise nothing will resolve)
 * empties the event loop, and Node would exit 0 with no site. While the build runs, `beforeExit`
 * means exactly that: clean up, say which hook is stuck, and exit 1.
 */
export function failUnfinishedBuild(describe: () => SheafError, verbose: boolean): () => void {
  const onBeforeExit = () => {
    console.error(formatError(describe(), { verbose }))
    process.exit(1)
  }
  process.on('beforeExit', onBeforeExit)
  return () => process.off('beforeExit', onBeforeExit)
}

/** What to say when the command cannot finish: the hook still running last is the one stuck, when there is one. */
export function unfinishedBuildError(hooks: { plugin: string; hook: string }[], command: string): SheafError {
  const stuck = hooks.at(-1)
  if (!stuck) {
    return new SheafError(
      `The ${command === 'build' ? 'build' : 'command'} stopped before it finished: ` +
        `a step of it waits on a promise that nothing will settle. Nothing was written.`,
      {
        hint: 'run with --verbose; if no plugin of yours is at fault, this is a bug in Sheaf: please report it.',
      },
    )
  }
  if (stuck.hook === 'waitUntil') {
    return new SheafError(
      `The ${command === 'build' ? 'build' : 'command'} cannot finish: ` +
        `the promise the plugin handed to \`waitUntil\` in \`onPostBuild\` never settles (nothing is left that ` +
        `could settle it).`,
      {
        plugin: stuck.plugin,
        hook: stuck.hook,
        hint: 'make that promise resolve or reject on every path.',
      },
    )
  }
  return new SheafError(
    `The ${command === 'build' ? 'build' : 'command'} cannot finish: ` +
      `the plugin's \`${stuck.hook}\` hook returned a promise that never settles (nothing is left that could ` +
      `settle it). Nothing was written.`,
    {
      plugin: stuck.plugin,
      hook: stuck.hook,
      hint:
        'make the hook resolve or reject its promise on every path (an awaited callback that is never called, ' +
        'or a forgotten `resolve`, leave it pending).',
    },
  )
}
