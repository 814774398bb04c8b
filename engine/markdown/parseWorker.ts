// A worker thread that parses chunks of one huge markdown file (see parallelParse.ts).
import { parentPort } from 'node:worker_threads'
import { createParser } from './parser.ts'

const parsers = { md: createParser(false), mdx: createParser(true) }

parentPort?.on('message', (job: { id: number; text: string; mdx: boolean }) => {
  try {
    parentPort?.postMessage({ id: job.id, tree: (job.mdx ? parsers.mdx : parsers.md).parse(job.text) })
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) })
  }
})
