import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { writeFileAtomic } from '../incremental/writeFileAtomic.ts'
import type { DeadLink } from './resolveLinks.ts'

/**
 * Each page's dead links, kept between builds by the page's content digest,
 * for one link context (every page's route, file and anchors, the base, the
 * public files, the resolving code). A page found here keeps its links
 * unresolved until something reads its body: a rebuild of a thousand pages
 * then parses and walks only the bodies it renders. Any change to the context
 * (a heading renamed anywhere) resolves every page again.
 */
export interface DeadLinkCache {
  get(digest: string): DeadLink[] | undefined
  set(digest: string, dead: DeadLink[]): void
  /** Keeps the entries this build set (only when one is new or the context changed). */
  save(): void
}

interface Stored {
  context: string
  pages: Record<string, DeadLink[]>
}

export function openDeadLinkCache(file: string | null, context: string): DeadLinkCache {
  const key = createHash('sha1').update(codeDigest()).update('\0').update(context).digest('hex')
  const previous = file ? read(file, key) : null
  const next: Record<string, DeadLink[]> = {}
  let changed = previous === null
  return {
    get(digest) {
      return previous?.[digest]
    },
    set(digest, dead) {
      if (previous?.[digest] === undefined) changed = true
      next[digest] = dead
    },
    save() {
      if (!file || (!changed && Object.keys(next).length === Object.keys(previous ?? {}).length)) return
      try {
        writeFileAtomic(file, JSON.stringify({ context: key, pages: next } satisfies Stored))
      } catch {
        // A read-only or full disk only costs speed.
      }
    },
  }
}

function read(file: string, key: string): Record<string, DeadLink[]> | null {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored
    return stored.context === key ? stored.pages : null
  } catch {
    return null
  }
}

let digest: string | undefined

/** The code that decides a page's links: when it changes, no stored answer is used. */
function codeDigest(): string {
  if (digest) return digest
  const hash = createHash('sha1')
  for (const file of [new URL('./resolveLinks.ts', import.meta.url), new URL('../shared/routes.ts', import.meta.url), new URL('./deadLinkCache.ts', import.meta.url)]) hash.update(fs.readFileSync(file))
  return (digest = hash.digest('hex'))
}
