import { convertJobs, type TwinBatch } from './convertTwins.ts'

/**
 * Converts twins in a worker thread (see startWorker): re-parsing every page's markdown took
 * 0.9 s of a cold build of this site, about 25 ms a page, and it needs nothing from the main
 * thread but the sources and routes. The main thread keeps the cache and hands each worker a
 * share of the pages it lacks; they convert while the pages render.
 */
export default function convertTwinsTask(batch: TwinBatch): [string, string][] {
  return convertJobs(batch, batch.jobs)
}
