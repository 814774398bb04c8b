import { defineConfig } from 'sheaf'
import { analytics } from 'sheaf/plugins/analytics'
import { files } from 'sheaf/plugins/files'
import { i18n } from 'sheaf/plugins/i18n'
import { llms } from 'sheaf/plugins/llms'
import { redirects } from 'sheaf/plugins/redirects'
import { search } from 'sheaf/plugins/search'
import { sidebar } from 'sheaf/plugins/sidebar'
import { sitemap } from 'sheaf/plugins/sitemap'
import { socialCards } from 'sheaf/plugins/social-cards'
import { versions } from 'sheaf/plugins/versions'
import { themeInitScript } from './theme/themeInit.ts'
import { themeReservedIds } from './theme/reservedIds.ts'
import { themeComponents } from './theme/markdown/componentProps.ts'

const repo = 'https://github.com/callstack/react-native-testing-library'

export default defineConfig({
  title: 'React Native Testing Library',
  description: 'Helps you to write better tests with less effort.',
  url: 'https://callstack.github.io',
  base: '/react-native-testing-library/',
  lang: 'en',
  icon: '/img/favicon.svg',
  logo: '/img/logo.svg',
  theme: {
    layout: 'site/theme/Layout.tsx',
    templates: {
      home: 'site/theme/templates/Home.tsx',
      doc: 'site/theme/templates/Doc.tsx',
      overview: 'site/theme/templates/Overview.tsx',
      404: 'site/theme/templates/NotFound.tsx',
      custom: 'site/theme/templates/Custom.tsx',
      blank: 'site/theme/templates/Blank.tsx',
    },
    styles: ['site/theme/styles/index.css'],
    reservedIds: themeReservedIds,
    components: themeComponents,
  },
  head: [{ tag: 'script', attrs: {}, children: themeInitScript }],
  themeConfig: {
    nav: [
      { text: 'Docs', link: '/docs/start/intro', activeMatch: '^/(12\\.x/)?docs/' },
      { text: 'Cookbook', link: '/cookbook/', activeMatch: '^/(12\\.x/)?cookbook/' },
      { text: 'Examples', link: `${repo}/tree/main/examples` },
    ],
    socialLinks: [
      { icon: 'github', mode: 'link', content: repo },
      { icon: 'discord', mode: 'link', content: 'https://discord.gg/QbGezWe' },
      { icon: 'x', mode: 'link', content: 'https://x.com/callstackio' },
      { icon: 'npm', mode: 'link', content: 'https://www.npmjs.com/package/@testing-library/react-native' },
    ],
    footer: { copyright: 'Copyright © 2024 Callstack Open Source' },
    outlineTitle: 'Contents',
    enableContentAnimation: true,
    hideNavbar: 'never',
    lastUpdated: true,
    editLink: { docRepoBaseUrl: `${repo}/edit/main/website/`, text: 'Edit this page on GitHub' },
    darkMode: true,
  },
  plugins: [
    files({ dir: 'content' }),
    versions({ default: '13.x', versions: ['12.x', '13.x'] }),
    i18n({ locales: [{ lang: 'en', label: 'English' }], defaultLang: 'en' }),
    sidebar(),
    search(),
    analytics(),
    llms(),
    sitemap(),
    socialCards(),
    redirects({
      redirects: {
        '/docs/getting-started': '/docs/start/intro',
        '/docs/api-queries': '/docs/api/queries',
        '/docs/migration-v13': '/docs/migration/v13',
      },
    }),
  ],
})
