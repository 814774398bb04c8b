import { describe, expect, it } from 'vitest'
import { textDirection } from '../../../../engine/shared/textDirection.ts'

describe('textDirection', () => {
  it('is rtl for right-to-left languages and scripts, ltr otherwise', () => {
    for (const lang of ['ar', 'he', 'fa-IR', 'ur', 'pa-Arab', 'AR_eg']) expect(textDirection(lang)).toBe('rtl')
    for (const lang of ['en', 'zh', 'zh-Hans', 'ja', 'de-DE', '', 'arn']) expect(textDirection(lang)).toBe('ltr')
  })
})
