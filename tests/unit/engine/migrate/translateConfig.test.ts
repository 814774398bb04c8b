import { describe, expect, it } from 'vitest'
import { configSource } from '../../../../engine/migrate/configSource.ts'
import { NonLiteral } from '../../../../engine/migrate/readConfigLiteral.ts'
import { translateConfig } from '../../../../engine/migrate/translateConfig.ts'

const keysOf = (items: { key: string }[]) => items.map((item) => item.key)

describe('translating an Rspress 1.x config', () => {
  it('carries over the site fields, versions, languages and theme options', () => {
    const result = translateConfig({
      config: {
        root: new NonLiteral('path.join(__dirname, "website")'),
        title: 'Acme',
        description: 'Widgets.',
        base: '/acme/',
        icon: '/favicon.svg',
        logo: { light: '/l.svg', dark: '/d.svg' },
        lang: 'en',
        multiVersion: { default: '2.x', versions: ['1.x', '2.x'] },
        locales: [
          { lang: 'en', label: 'English' },
          { lang: 'zh', label: '简体中文' },
        ],
        themeConfig: {
          nav: [{ text: 'Guide', link: '/guide/' }],
          sidebar: {
            '/guide/': [
              { text: 'Group', items: ['guide/a', { text: 'B', link: '/guide/b' }] },
              { dividerType: 'dashed' },
              { sectionHeaderText: 'More' },
            ],
          },
          socialLinks: [{ icon: 'github', mode: 'link', content: 'https://github.com/acme' }],
          footer: { message: 'Hi' },
          editLink: { docRepoBaseUrl: 'https://github.com/acme/edit/main/website', text: 'Edit' },
          hideNavbar: 'auto',
          locales: [
            { lang: 'zh', label: '简体中文', outlineTitle: '目录', prevPageText: '上一页', sourceCodeText: '源码' },
          ],
        },
      },
    })
    expect(result.contentRoot).toBe('website')
    expect(result.versionFolder).toBeUndefined()
    expect(result.fields).toMatchObject({
      title: 'Acme',
      description: 'Widgets.',
      base: '/acme/',
      icon: '/favicon.svg',
      logo: { light: '/l.svg', dark: '/d.svg' },
      lang: 'en',
      publicDir: 'website/public',
      links: { deadAnchors: 'warn' },
    })
    expect(result.fields.themeConfig).toEqual({
      nav: [{ text: 'Guide', link: '/guide/' }],
      sidebar: {
        '/guide/': [
          {
            text: 'Group',
            items: [
              { text: 'a', link: '/guide/a' },
              { text: 'B', link: '/guide/b' },
            ],
          },
          { text: '', dividerType: 'dashed' },
          { text: 'More', sectionHeaderText: 'More' },
        ],
      },
      socialLinks: [{ icon: 'github', mode: 'link', content: 'https://github.com/acme' }],
      footer: { message: 'Hi' },
      // The content folder is part of Sheaf's path from the site root, so it leaves the base URL.
      editLink: { docRepoBaseUrl: 'https://github.com/acme/edit/main/', text: 'Edit' },
      hideNavbar: 'scroll',
    })
    expect(result.plugins.map((plugin) => [plugin.name, plugin.options])).toEqual([
      ['files', { dir: 'website' }],
      ['versions', { default: '2.x', versions: ['1.x', '2.x'] }],
      [
        'i18n',
        {
          locales: [
            { lang: 'en', label: 'English' },
            { lang: 'zh', label: '简体中文' },
          ],
          defaultLang: 'en',
          texts: { zh: { outlineTitle: '目录', prevPageText: '上一页', sourceText: '源码' } },
        },
      ],
      ['sidebar', { auto: true }],
      ['search', undefined],
    ])
    expect(result.untranslated).toEqual([])
  })

  it('lists what it cannot translate, with the reason', () => {
    const result = translateConfig({
      config: {
        title: new NonLiteral('process.env.TITLE'),
        plugins: [new NonLiteral('pluginFoo()')],
        builderConfig: {},
        markdown: { remarkPlugins: [new NonLiteral('remarkMath')], showLineNumbers: true, checkDeadLinks: false },
        route: { exclude: ['**/fragments/**'] },
        search: { mode: 'remote' },
        themeConfig: {
          nav: { v1: [] },
          enableScrollToTop: true,
          editLink: { docRepoBaseUrl: new NonLiteral('repo + "/x"') },
        },
        mystery: 1,
      },
      spreads: ['...shared'],
    })
    expect(keysOf(result.untranslated)).toEqual([
      '...shared',
      'title',
      'themeConfig.nav',
      'themeConfig.enableScrollToTop',
      'themeConfig.editLink',
      'markdown.remarkPlugins',
      'markdown.showLineNumbers',
      'search.mode',
      'plugins',
      'builderConfig',
      'mystery',
    ])
    expect(result.untranslated.find((item) => item.key === 'title')?.reason).toMatch(/code \(`process.env.TITLE`\)/)
    // Rspress's route.exclude globs (from the content folder) name fragments: Sheaf's from the site root.
    expect(result.fields.markdown).toEqual({ checkDeadLinks: false, fragments: ['docs/1.0/**/fragments/**'] })
  })

  it('gives a site without versions one version folder, and turns search off when asked', () => {
    const result = translateConfig({ config: { title: 'A', search: false } })
    expect(result.versionFolder).toBe('1.0')
    // Rspress leaves page links unchecked unless asked; Sheaf checks them, and says so.
    expect(result.notes.join('\n')).toMatch(/checkDeadLinks: true` \(off by default\)/)
    expect(result.plugins.map((plugin) => plugin.name)).toEqual(['files', 'versions', 'i18n', 'sidebar'])
  })

  it('takes the navbar from the root _meta.json when the config has none, and lists navbars that differ', () => {
    const result = translateConfig({
      config: { title: 'A' },
      rootNav: [{ text: 'Guide', link: '/guide/' }],
      otherNavs: ['v1/zh'],
    })
    expect((result.fields.themeConfig as { nav: unknown }).nav).toEqual([{ text: 'Guide', link: '/guide/' }])
    expect(keysOf(result.untranslated)).toEqual(['v1/zh/_meta.json'])
  })

  it('gives each language the navbar of its root _meta.json, or of themeConfig.locales[].nav', () => {
    const locales = [
      { lang: 'en', label: 'English' },
      { lang: 'zh', label: '中文' },
    ]
    const fromMeta = translateConfig({
      config: { title: 'A', locales },
      rootNav: [{ text: 'Guide', link: '/guide/' }],
      langNavs: { zh: [{ text: '指南', link: '/guide/' }] },
    })
    expect(fromMeta.fields.themeConfig).toEqual({
      nav: [{ text: 'Guide', link: '/guide/' }],
      locales: [{ lang: 'zh', nav: [{ text: '指南', link: '/guide/' }] }],
    })
    const fromConfig = translateConfig({
      config: {
        title: 'A',
        locales,
        themeConfig: {
          nav: [{ text: 'Guide', link: '/g/' }],
          locales: [{ lang: 'zh', label: '中文', nav: [{ text: '指南', link: '/g/' }] }],
        },
      },
    })
    expect(fromConfig.fields.themeConfig).toEqual({
      nav: [{ text: 'Guide', link: '/g/' }],
      locales: [{ lang: 'zh', nav: [{ text: '指南', link: '/g/' }] }],
    })
    expect(fromConfig.untranslated).toEqual([])
  })

  it('writes a config that imports each plugin and adds the copied styles after the theme', () => {
    const source = configSource(
      translateConfig({
        config: { title: "Acme's docs", globalStyles: new NonLiteral('path.join(__dirname, "styles/index.css")') },
      }),
    )
    expect(source).toContain("import { sidebar } from 'sheaf/plugins/sidebar'")
    expect(source).toContain("title: 'Acme\\'s docs',")
    expect(source).toContain("theme: { ...theme, styles: [...(theme.styles ?? []), 'site/styles/index.css'] },")
    expect(source).toContain("links: { deadAnchors: 'warn' },")
    expect(source).toContain('sidebar({ auto: true }),')
  })
})
