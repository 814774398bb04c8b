import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readI18nJson } from '../../../../engine/migrate/i18nJson.ts'
import { readConfigLiteral } from '../../../../engine/migrate/readConfigLiteral.ts'
import { translateConfig } from '../../../../engine/migrate/translateConfig.ts'
import { translateLabels } from '../../../../plugins/sidebar/translateLabels.ts'

// Rspress's i18n conventions (its i18n guide): `locales[].title`/`description` per language,
// `_meta.json` labels that are keys of i18n.json; and a config key computed by code, named on one line.
describe("Rspress's i18n", () => {
  it("keeps each language's own title and description on its locale", () => {
    const result = translateConfig({
      config: {
        title: 'Gadgets',
        description: 'Gadgets for every app.',
        lang: 'en',
        locales: [
          { lang: 'en', label: 'English', title: 'Gadgets', description: 'Gadgets for every app.' },
          { lang: 'zh', label: '简体中文', title: '小工具', description: '适用于每个应用的小工具。' },
        ],
      },
    })
    const i18n = result.plugins.find((plugin) => plugin.name === 'i18n')?.options as { locales: unknown[] }
    expect(i18n.locales).toEqual([
      { lang: 'en', label: 'English' },
      { lang: 'zh', label: '简体中文', title: '小工具', description: '适用于每个应用的小工具。' },
    ])
    expect(result.untranslated).toEqual([])
  })

  it('translates _meta.json labels that are i18n.json keys into each sidebar language, and leaves other labels', () => {
    const texts = { gettingStarted: { en: 'Getting started', zh: '快速开始' } }
    const sidebars = [
      {
        routePrefix: '/guide/',
        version: null,
        lang: 'en',
        items: [
          { text: 'gettingStarted', link: '/guide/start' },
          { text: 'Other', items: [{ text: 'gettingStarted', sectionHeaderText: 'gettingStarted' }] },
        ],
      },
      {
        routePrefix: '/zh/guide/',
        version: null,
        lang: 'zh',
        items: [{ text: 'gettingStarted', link: '/zh/guide/start' }],
      },
    ]
    const [en, zh] = translateLabels(sidebars, texts)
    expect(en.items).toEqual([
      { text: 'Getting started', link: '/guide/start' },
      { text: 'Other', items: [{ text: 'Getting started', sectionHeaderText: 'Getting started' }] },
    ])
    expect(zh.items[0].text).toBe('快速开始')
  })

  it('reads i18n.json beside the config, and names the file and entry when it is wrong', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-i18n-json-'))
    try {
      expect(readI18nJson(dir)).toBeUndefined()
      fs.writeFileSync(path.join(dir, 'i18n.json'), '{ "guide": { "en": "Guide", "zh": "指南" } }')
      expect(readI18nJson(dir)).toEqual({ guide: { en: 'Guide', zh: '指南' } })
      fs.writeFileSync(path.join(dir, 'i18n.json'), '{ "guide": { "en": 1 } }')
      expect(() => readI18nJson(dir)).toThrow(/The entry "guide" of i18n.json must map each language to a string/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names a config key computed over several lines on one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-computed-key-'))
    try {
      const file = path.join(dir, 'rspress.config.ts')
      fs.writeFileSync(
        file,
        "const key = 'search'\nexport default {\n  themeConfig: {\n    [\n      key\n    ]: true,\n  },\n}\n",
      )
      expect(readConfigLiteral(file).spreads).toEqual(['themeConfig[key]'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
