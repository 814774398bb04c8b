import { MessageChannel } from 'node:worker_threads'
import type { ResolvedConfig } from '../config/types.ts'
import type { MarkdownResult } from '../markdown/processor.ts'
import type { MarkdownJob, MarkdownShareMessage, MarkdownWorkerOptions } from '../sources/markdownWorker.ts'
import { startWorker, type WorkerTask } from '../workers/runInWorker.ts'
import type { BodyJobs } from './bodyWorkerTask.ts'
import { traceStart } from './startTrace.ts'

/**
 * What the worker transforms while it waits for the first page, one block at a time: a page of
 * the usual markdown (lists, a table, a link, inline code) with the commonest code language, then
 * one block of each of the next commonest in documentation. Shiki compiles a grammar's patterns
 * on its first block (JavaScript 0.25 s, YAML 0.15 s) and micromark's and the highlighter's paths
 * run cold at first: a first page (N=1,000 corpus, JavaScript and YAML) took 0.33 s in a worker
 * warmed with one JavaScript block, 0.2 s in one warmed with these. The warm-up stops at the first
 * page asked for, which waits at most for the one block being warmed.
 */
const warmUps = [
  '# Sheaf\n\nSome *text*, `code` and a [link](./x.md).\n\n- a\n- b\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n' +
    '```js\nconst x = 1\n```\n',
  ...['ts', 'tsx', 'bash', 'json', 'yaml', 'css', 'diff'].map((lang) => `\`\`\`${lang}\nx\n\`\`\`\n`),
]

/** The thread, started ahead of the config by `prestartBodyWorker` (or with the worker). */
type BodyTask = WorkerTask<BodyJobs, number>
let prestarted: BodyTask | null = null

function startBodyTask(): BodyTask {
  return startWorker(new URL('./bodyWorkerTask.ts', import.meta.url), undefined, {
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 64 },
  })
}

/**
 * Starts the body worker's thread before the engine and the config load (`sheaf dev` at a cold
 * start, see cli.ts): its modules, shiki and its WebAssembly then load while this thread loads
 * the engine, when the other core is idle (Vite's dependency optimizer and the theme's bundle
 * start later). The dev server's BodyWorker takes it.
 */
export function prestartBodyWorker(): void {
  prestarted ??= startBodyTask()
}

/** Stops a prestarted thread the server has no use for (the site has a markdown cache after all). */
export function discardBodyWorker(): void {
  prestarted?.close()
  prestarted = null
}

/**
 * The thread that transforms the dev server's first pages (their markdown, highlighting and
 * all) while the outline serves: the markdown worker a build uses (sources/markdownWorker.ts),
 * its thread started before the engine loads at a cold start (see prestartBodyWorker).
 *
 * Why: the first page's body needs the markdown pipeline's modules, shiki, its WebAssembly and
 * the page's grammars (0.7-1 s of CPU at a cold start, shiki compiling the JavaScript grammar's
 * patterns most of it). On the main thread that came after Vite's start and the outline; here it
 * loads on the other core meanwhile, and the page's request only waits for its own transform.
 * The result is the one the main thread's processor gives (same options, same cache entry).
 *
 * A page the worker fails on (a content error, or the thread is gone) is left to the main
 * thread, whose processor reports the located error.
 */
export class BodyWorker {
  private task: BodyTask | null
  private readonly options: MarkdownWorkerOptions
  /** Whether a page has been asked for: the warm-up stops. */
  private asked = false
  /** How many of the warm-up blocks the worker has transformed. */
  warmedUp = 0

  constructor(config: ResolvedConfig) {
    const { markdown } = config
    // Functions cannot cross to a thread: with the site's unified plugins, the worker imports the config itself.
    const withPlugins = markdown.remarkPlugins.length > 0 || markdown.rehypePlugins.length > 0
    this.options = {
      codeThemes: markdown.codeThemes,
      sanitize: markdown.sanitize,
      reservedIds: markdown.reservedIds,
      contentClasses: markdown.contentClasses,
      components: markdown.components,
      maxPageSize: markdown.maxPageSize,
      containerTypes: markdown.containerTypes,
      cache: true,
      ...(withPlugins ? { root: config.root, configFile: config.configFile } : {}),
    }
    this.task = prestarted ?? startBodyTask()
    prestarted = null
    // While the main thread starts Vite and reads the outline (see warmUps).
    void this.warmUp()
  }

  private async warmUp(): Promise<void> {
    for (const [index, source] of warmUps.entries()) {
      if (this.asked || !this.task) return
      await this.run({ key: `warm-up-${index}`, source, file: 'warm-up.md', portable: false })
      this.warmedUp++
      traceStart(`body worker warmed up (${index + 1} of ${warmUps.length})`)
    }
  }

  /** The job's result, or undefined when the worker could not make it (the caller transforms it itself). */
  transform(job: MarkdownJob): Promise<MarkdownResult | undefined> {
    this.asked = true
    return this.run(job)
  }

  private async run(job: MarkdownJob): Promise<MarkdownResult | undefined> {
    const task = this.task
    if (!task) return undefined
    const channel = new MessageChannel()
    const answer = new Promise<MarkdownResult | undefined>((resolve) => {
      channel.port1.on('message', (message: MarkdownShareMessage) => {
        const item = message.results.find((result) => result.key === job.key)
        if (item) resolve(item.result)
        if (message.done) resolve(undefined)
      })
    })
    try {
      await task.run({ options: this.options, jobs: [job], port: channel.port2 }, [channel.port2])
      return await answer
    } catch {
      return undefined
    } finally {
      channel.port1.close()
    }
  }

  /** Stops the thread (the full load has every body; later saves transform on the main thread). */
  close(): void {
    this.task?.close()
    this.task = null
  }
}
