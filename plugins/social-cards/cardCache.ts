import { KeyedStore } from 'sheaf/cache'

/**
 * The card cache's cards, `<key>.png` by what each shows (see CardStore): each a checked entry, so
 * a card cut short or damaged in the cache is drawn again, never shipped.
 */
export function cardCache(dir: string): KeyedStore {
  return new KeyedStore(dir, { extension: '.png' })
}
