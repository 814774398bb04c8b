import path from 'node:path'

/** Where the card cache keeps the card `key` (named by what it shows; see CardStore). */
export function cardCacheFile(dir: string, key: string): string {
  return path.join(dir, `${key}.png`)
}
