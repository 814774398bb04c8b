import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'

/** Text key -> language -> text, as Rspress's `i18n.json` holds them. */
export type I18nTexts = Record<string, Record<string, string>>

/**
 * Rspress's `i18n.json` (beside the config): the texts a `_meta.json` label names by key. The
 * migrated sidebar gets them (`sidebar({ labels })`), so "gettingStarted" shows as each language's
 * text instead of the key. None: undefined. Not an object of objects of strings: an error that
 * names the file and the entry.
 */
export function readI18nJson(sourceDir: string): I18nTexts | undefined {
  const file = path.join(sourceDir, 'i18n.json')
  if (!fs.existsSync(file)) return undefined
  let value: unknown
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new SheafError(`i18n.json is not valid JSON: ${(error as Error).message}`, {
      file,
      hint: 'write `{ "key": { "en": "Text", "zh": "文本" } }` (double quotes, no trailing commas).',
    })
  }
  const isTexts = (entry: unknown) =>
    !!entry &&
    typeof entry === 'object' &&
    !Array.isArray(entry) &&
    Object.values(entry).every((text) => typeof text === 'string')
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new SheafError('i18n.json must be an object of text keys.', {
      file,
      hint: 'write `{ "key": { "en": "Text", "zh": "文本" } }`.',
    })
  }
  const wrong = Object.entries(value).find(([, entry]) => !isTexts(entry))
  if (wrong)
    throw new SheafError(`The entry "${wrong[0]}" of i18n.json must map each language to a string.`, {
      file,
      hint: `write \`"${wrong[0]}": { "en": "Text", "zh": "文本" }\`.`,
    })
  return value as I18nTexts
}
