import { createHash } from 'node:crypto'
import type { AsPlainObject } from 'minisearch'
import { searchIndexOptions } from './shared/searchIndexOptions.ts'
import type { SectionDocument } from './shared/types.ts'

/**
 * Writes a MiniSearch index (the `toJSON` shape that `MiniSearch.loadJSON`
 * reads) without building MiniSearch's radix tree, from per-document term
 * counts that are cached by the document's text. An edit then re-analyses
 * only the documents whose text changed, and the file is the same whether it
 * was built from a warm cache or a cold one: terms are written sorted, and
 * every other field follows MiniSearch's own rules (tests compare the two).
 */

/** One document's analysis: per field, the unique-token count and each processed term's count. */
export interface DocumentAnalysis {
  /** Per field id: MiniSearch's field length (unique raw tokens), or null when the field is absent. */
  lengths: (number | null)[]
  /** Per field id: [term, count] pairs. */
  terms: [string, number][][]
}

const fields = searchIndexOptions.fields
const storeFields = searchIndexOptions.storeFields ?? []
const tokenize = searchIndexOptions.tokenize as (text: string, field?: string) => string[]
const processTerm = searchIndexOptions.processTerm as (
  term: string,
  field?: string,
) => string | string[] | null | undefined | false

/** The cache key of a document's analysis: its indexed text, field by field. */
export function analysisKey(document: SectionDocument): string {
  const hash = createHash('sha1')
  for (const field of fields) hash.update(String(document[field as keyof SectionDocument] ?? '\u0001')).update('\0')
  return hash.digest('base64url')
}

/**
 * Each raw token's processed terms, while indexing. `processTerm` is pure and depends on the field
 * only through being given one (indexing splits camelCase, queries do not), and a site's sections
 * repeat a small vocabulary: the N = 1,000 corpus's 8,072 sections folded and split the same words
 * again and again (a sixth of its index's CPU). Cleared when large, so a dev server's memory stays bounded.
 */
const processedTokens = new Map<string, ReturnType<typeof processTerm>>()
const maxProcessedTokens = 100_000

function processIndexedToken(token: string, field: string): ReturnType<typeof processTerm> {
  let processed = processedTokens.get(token)
  if (processed === undefined && !processedTokens.has(token)) {
    processed = processTerm(token, field)
    if (processedTokens.size >= maxProcessedTokens) processedTokens.clear()
    processedTokens.set(token, processed)
  }
  return processed
}

/** Tokenizes and processes a document's fields exactly as `MiniSearch#add` does. */
export function analyseDocument(document: SectionDocument): DocumentAnalysis {
  const lengths: (number | null)[] = []
  const terms: [string, number][][] = []
  fields.forEach((field, fieldId) => {
    const value = document[field as keyof SectionDocument]
    if (value == null) {
      lengths[fieldId] = null
      terms[fieldId] = []
      return
    }
    const tokens = tokenize(String(value), field)
    lengths[fieldId] = new Set(tokens).size
    const counts = new Map<string, number>()
    for (const token of tokens) {
      const processed = processIndexedToken(token, field)
      if (Array.isArray(processed)) for (const term of processed) counts.set(term, (counts.get(term) ?? 0) + 1)
      else if (processed) counts.set(processed, (counts.get(processed) ?? 0) + 1)
    }
    terms[fieldId] = [...counts]
  })
  return { lengths, terms }
}

/** The serialized index of `documents` (short ids in array order), from their analyses. */
export function writeIndex(
  documents: readonly SectionDocument[],
  analyses: readonly DocumentAnalysis[],
): AsPlainObject {
  return {
    ...indexHead(
      documents,
      analyses.map((analysis) => analysis.lengths),
    ),
    dirtCount: 0,
    index: invertIndex(analyses),
    serializationVersion: 2,
  } as unknown as AsPlainObject
}

/** One term's postings as MiniSearch serializes them: field id -> short id -> count. */
export type TermPostings = Record<string, Record<string, number>>

/** The postings of every term, terms sorted (UTF-16 order, as `[...].sort()`). */
export function invertIndex(analyses: readonly DocumentAnalysis[]): [string, TermPostings][] {
  const postings = new Map<string, Map<number, Record<number, number>>>()
  analyses.forEach((analysis, shortId) => {
    analysis.terms.forEach((pairs, fieldId) => {
      for (const [term, count] of pairs) {
        let byField = postings.get(term)
        if (!byField) postings.set(term, (byField = new Map()))
        let frequencies = byField.get(fieldId)
        if (!frequencies) byField.set(fieldId, (frequencies = {}))
        frequencies[shortId] = count
      }
    })
  })
  const index: [string, TermPostings][] = []
  for (const term of [...postings.keys()].sort()) {
    const data: TermPostings = {}
    for (const [fieldId, frequencies] of postings.get(term) as Map<number, Record<number, number>>)
      data[fieldId] = frequencies
    index.push([term, data])
  }
  return index
}

/**
 * What `invertIndex` gives, already serialized: the sorted terms and each one's entry, the
 * characters of `JSON.stringify([term, postings])`. Written straight from flat (short id, count)
 * lists, never as the objects of `invertIndex`: a cold build's index (N = 1,000: 650,000 postings)
 * made a million small objects to stringify and collect, most of the worker's time.
 * Same characters because JSON writes integer keys ascending, and short ids arrive ascending
 * within a field (documents are read in short id order) while fields are written in id order.
 */
export function invertEntries(analyses: readonly DocumentAnalysis[]): { terms: string[]; entries: string[] } {
  // Per term, per field id: short id and count, flat and ascending by short id.
  const postings = new Map<string, number[][]>()
  for (let shortId = 0; shortId < analyses.length; shortId++) {
    const fieldTerms = analyses[shortId].terms
    for (let fieldId = 0; fieldId < fieldTerms.length; fieldId++) {
      for (const [term, count] of fieldTerms[fieldId]) {
        let byField = postings.get(term)
        if (!byField) postings.set(term, (byField = []))
        const list = (byField[fieldId] ??= [])
        list.push(shortId, count)
      }
    }
  }
  const terms = [...postings.keys()].sort()
  const entries = terms.map((term) => {
    const byField = postings.get(term) as number[][]
    let entry = `[${JSON.stringify(term)},{`
    let firstField = true
    for (let fieldId = 0; fieldId < byField.length; fieldId++) {
      const list = byField[fieldId]
      if (!list) continue
      entry += `${firstField ? '' : ','}"${fieldId}":{`
      firstField = false
      for (let at = 0; at < list.length; at += 2) entry += `${at ? ',' : ''}"${list[at]}":${list[at + 1]}`
      entry += '}'
    }
    return `${entry}}]`
  })
  return { terms, entries }
}

/** `JSON.stringify(writeIndex(...))` from the head and the terms' serialized entries (see indexState.ts). */
export function indexJson(
  documents: readonly SectionDocument[],
  lengths: readonly (number | null)[][],
  entries: readonly string[],
): string {
  return `${JSON.stringify({ ...indexHead(documents, lengths), dirtCount: 0 }).slice(0, -1)},"index":[${entries.join(',')}],"serializationVersion":2}`
}

/** Every field of the serialized index but the postings, as MiniSearch computes them. */
function indexHead(documents: readonly SectionDocument[], documentLengths: readonly (number | null)[][]) {
  const documentIds: Record<number, unknown> = {}
  const fieldLength: Record<number, (number | null)[]> = {}
  const storedFields: Record<number, Record<string, unknown>> = {}
  const averageFieldLength = averageFieldLengths(documentLengths)
  documents.forEach((document, shortId) => {
    documentIds[shortId] = document.id
    const stored: Record<string, unknown> = {}
    for (const name of storeFields) {
      const value = document[name as keyof SectionDocument]
      if (value !== undefined) stored[name] = value
    }
    storedFields[shortId] = stored
    const lengths: (number | null)[] = []
    documentLengths[shortId].forEach((length, fieldId) => {
      if (length === null) return
      lengths[fieldId] = length
    })
    fieldLength[shortId] = lengths
  })
  return {
    documentCount: documents.length,
    nextId: documents.length,
    documentIds,
    fieldIds: Object.fromEntries(fields.map((field, fieldId) => [field, fieldId])),
    fieldLength,
    averageFieldLength,
    storedFields,
  }
}

/** Each field's average length, as MiniSearch computes it (a running average, in short id order). */
export function averageFieldLengths(documentLengths: readonly (number | null)[][]): number[] {
  const average: number[] = []
  documentLengths.forEach((lengths, shortId) => {
    lengths.forEach((length, fieldId) => {
      if (length === null) return
      // `shortId` is the number of documents added before this one.
      average[fieldId] = ((average[fieldId] || 0) * shortId + length) / (shortId + 1)
    })
  })
  return average
}
