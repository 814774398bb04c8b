import { isSheafError, SheafError } from '../errors.ts'
import type { HeadTag, PageInfo, Plugin } from './types.ts'

type HookName = 'sourceNodes' | 'onCreateNode' | 'createSchemaCustomization' | 'createPages' | 'onPostBuild'
type HookApi<K extends HookName> = Parameters<NonNullable<Plugin[K]>>[0]

export interface PluginRunner {
  readonly plugins: readonly Plugin[]
  /** Runs a hook on every plugin, one after another in config order. `apiFor` gives each plugin its own api. */
  run<K extends HookName>(hook: K, apiFor: (plugin: Plugin) => HookApi<K>): Promise<void>
  /**
   * Runs a hook on every plugin at once, and settles when all have: it rejects with the first
   * failure in config order, never while another plugin's hook is still running.
   */
  runConcurrently<K extends HookName>(hook: K, apiFor: (plugin: Plugin) => HookApi<K>): Promise<void>
  headTags(page: PageInfo): HeadTag[]
  clientModules(): string[]
}

/** A hook that has been called and has not settled yet. */
export interface RunningHook {
  plugin: string
  hook: string
}

/**
 * Every hook of this process that is running now. A hook whose promise never settles leaves
 * the event loop empty, and Node would exit with the build half done: the CLI asks this, on
 * `beforeExit`, which hook the build is stuck in (see cli.ts).
 */
const running = new Set<RunningHook>()

/** The hooks running now, oldest first. */
export function runningHooks(): RunningHook[] {
  return [...running]
}

/** Marks work a plugin left running (see PostBuildApi.waitUntil) as running under `hook` until it settles. */
export function trackRunning<T>(plugin: string, hook: string, task: Promise<T>): Promise<T> {
  const entry: RunningHook = { plugin, hook }
  running.add(entry)
  return task.finally(() => running.delete(entry))
}

/** Creates the runner over an already flattened, validated plugin list. */
export function createPluginRunner(plugins: readonly Plugin[]): PluginRunner {
  // The plugins that have each hook: `onCreateNode` runs for every node, and most plugins have none
  // (a thousand-page dev start ran 18,000 calls that had nothing to do, each awaited).
  const withHook = new Map<HookName, Plugin[]>()
  const pluginsWith = (hook: HookName) => {
    let found = withHook.get(hook)
    if (!found) withHook.set(hook, (found = plugins.filter((plugin) => typeof plugin[hook] === 'function')))
    return found
  }
  return {
    plugins,
    async run(hook, apiFor) {
      for (const plugin of pluginsWith(hook)) {
        const pending = callHook(plugin, hook, apiFor)
        if (pending) await pending
      }
    },
    async runConcurrently(hook, apiFor) {
      // (An async callback: a hook that throws at once rejects its own promise, as one that fails later does.)
      const settled = await Promise.allSettled(pluginsWith(hook).map(async (plugin) => callHook(plugin, hook, apiFor)))
      const failed = settled.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
    },
    headTags(page) {
      const tags: HeadTag[] = []
      for (const plugin of plugins) {
        if (!plugin.headTags) continue
        let result: unknown
        try {
          result = plugin.headTags(page)
        } catch (error) {
          throw wrapHookError(error, plugin.name, 'headTags')
        }
        if (!Array.isArray(result) || !result.every(isHeadTag)) {
          throw new SheafError(
            `headTags must return an array of \`{ tag, attrs }\` objects, got ${JSON.stringify(result)}.`,
            {
              plugin: plugin.name,
              hook: 'headTags',
              hint: "return e.g. `[{ tag: 'script', attrs: { src: '/x.js', defer: true } }]`.",
            },
          )
        }
        tags.push(...result)
      }
      return tags
    },
    clientModules() {
      return plugins.flatMap((plugin) => plugin.clientModules ?? [])
    },
  }
}

/** Re-throws anything a hook threw as a SheafError naming the plugin and hook; keeps file:line. */
export function wrapHookError(error: unknown, plugin: string, hook: string): SheafError {
  if (isSheafError(error)) {
    return new SheafError(error.message, {
      hint: error.hint,
      file: error.file,
      line: error.line,
      column: error.column,
      plugin: error.plugin ?? plugin,
      hook: error.hook ?? hook,
      cause: error.cause ?? error,
    })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new SheafError(`The plugin threw while running \`${hook}\`: ${message}`, {
    plugin,
    hook,
    cause: error,
    hint: 'see the message above; run with --verbose for the stack trace.',
  })
}

/**
 * Calls one plugin's hook (if it has one), marked as running until it settles, its failure located.
 * A hook that returns no promise is done when it returns: most `onCreateNode` hooks, called for
 * every node, so that they cost no turn of the microtask queue each.
 */
function callHook<K extends HookName>(
  plugin: Plugin,
  hook: K,
  apiFor: (plugin: Plugin) => HookApi<K>,
): Promise<void> | undefined {
  const fn = plugin[hook] as ((api: unknown) => unknown) | undefined
  if (typeof fn !== 'function') return undefined
  const entry: RunningHook = { plugin: plugin.name, hook }
  running.add(entry)
  let result: unknown
  try {
    result = fn.call(plugin, apiFor(plugin))
  } catch (error) {
    running.delete(entry)
    throw wrapHookError(error, plugin.name, hook)
  }
  if (!isThenable(result)) {
    running.delete(entry)
    if (result !== undefined) assertNothingReturned(plugin, hook, result)
    return undefined
  }
  return settleHook(result, plugin, hook, entry)
}

async function settleHook(
  result: PromiseLike<unknown>,
  plugin: Plugin,
  hook: string,
  entry: RunningHook,
): Promise<void> {
  try {
    const value = await result
    if (value !== undefined) assertNothingReturned(plugin, hook, value)
  } catch (error) {
    throw wrapHookError(error, plugin.name, hook)
  } finally {
    running.delete(entry)
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

function assertNothingReturned(plugin: Plugin, hook: string, result: unknown): void {
  // Hooks act through their api; a returned value is almost always a mistake
  // (e.g. returning nodes instead of calling createNode), so say so loudly.
  throw new SheafError(
    `\`${hook}\` returned ${JSON.stringify(result)?.slice(0, 80) ?? typeof result}, but hooks return nothing.`,
    {
      plugin: plugin.name,
      hook,
      hint: `use the api the hook receives (createNode, createPage, addTypeDefs, ...) instead of returning a value.`,
    },
  )
}

function isHeadTag(value: unknown): value is HeadTag {
  if (!value || typeof value !== 'object') return false
  const tag = value as Partial<HeadTag>
  return ['script', 'link', 'meta', 'style'].includes(tag.tag as string) && !!tag.attrs && typeof tag.attrs === 'object'
}
