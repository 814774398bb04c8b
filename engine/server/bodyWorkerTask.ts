// The dev server's body worker (see bodyWorker.ts): the markdown worker a build uses, started
// before the config is read. Its modules, shiki and shiki's WebAssembly load from the thread's
// start; the worker's options come with the first job, once the config is known.
import type { MessagePort } from 'node:worker_threads'
import { preloadHighlighter } from '../markdown/highlighter.ts'
import transformShare, { prepare, type MarkdownJob, type MarkdownWorkerOptions } from '../sources/markdownWorker.ts'

export interface BodyJobs {
  options: MarkdownWorkerOptions
  jobs: MarkdownJob[]
  port: MessagePort
}

// (A failure here is the first job's to meet: prepare loads the highlighter again.)
preloadHighlighter().catch(() => undefined)

let prepared: Promise<void> | null = null

export default async function transformBodies({ options, jobs, port }: BodyJobs): Promise<number> {
  // Every job of a server carries the same options: the first prepares the processor.
  prepared ??= prepare(options)
  await prepared
  return transformShare({ jobs, port })
}
