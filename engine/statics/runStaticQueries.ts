import type { DataLayer } from '../dataLayer.ts'
import type { StaticQuery } from './collectStaticQueries.ts'

/**
 * Runs each static query once, without variables, and returns the results by query id. A query
 * that fails names where it is written (the data layer's error, with the source below).
 */
export async function runStaticQueries(
  queries: readonly StaticQuery[],
  dataLayer: DataLayer,
  reads?: Set<string>,
): Promise<Record<string, unknown>> {
  // No prototype: a query id can never reach Object.prototype through the results object.
  const results: Record<string, unknown> = Object.create(null)
  for (const query of queries) {
    results[query.id] = await dataLayer.query(query.text, {}, `the static query at ${query.places.join(', ')}`, reads)
  }
  return results
}
