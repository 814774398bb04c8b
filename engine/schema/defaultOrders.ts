import { byPath } from '../shared/routes.ts'
import type { DefaultOrders } from './query/nodeIndex.ts'

/**
 * The order of a type's nodes when a query gives no sort: pages by route (the order a build makes them in); other types
 * as created.
 */
export const defaultOrders: DefaultOrders = { Page: byPath }
