// The synthetic bench corpus as a Sheaf site: the real theme, an automatic sidebar scoped per
// top-level folder (like Rspress 1), and every plugin this repository's site runs (search, llms
// twins, sitemap, social cards, redirects, analytics), so the corpus measures what users build.
import path from 'node:path'
import { defineConfig } from 'sheaf'
import { themeModules } from '../../../site/theme/modules.ts'
import { files } from 'sheaf/plugins/files'
import { i18n } from 'sheaf/plugins/i18n'
import { versions } from 'sheaf/plugins/versions'
import { search } from 'sheaf/plugins/search'
import { analytics } from 'sheaf/plugins/analytics'
import { llms } from 'sheaf/plugins/llms'
import { redirects } from 'sheaf/plugins/redirects'
import { sitemap } from 'sheaf/plugins/sitemap'
import { socialCards } from 'sheaf/plugins/social-cards'
import { sidebar } from 'sheaf/plugins/sidebar'

// A folder holding the corpus as `1.0/` (bench/run.ts copies it there).
const corpus = process.env.BENCH_CORPUS ?? '/tmp/docsite-bench/sheaf-100/content'

export default defineConfig({
  title: 'Bench docs',
  url: 'https://docs.example.org',
  base: '/',
  outDir: process.env.BENCH_OUT ?? 'build',
  publicDir: path.join(corpus, '1.0', 'public'),
  theme: themeModules(['home', 'doc', '404']),
  themeConfig: { nav: [{ text: 'Docs', link: '/' }] },
  // The theme reads the versions and i18n fields; the corpus is one version (content/1.0/) in one language.
  plugins: [
    files({ dir: corpus, lastUpdated: false }),
    versions({ default: '1.0', versions: ['1.0'] }),
    i18n({ locales: [{ lang: 'en', label: 'English' }] }),
    sidebar({ auto: true, warnUnlisted: false }),
    search(),
    analytics(),
    llms(),
    sitemap(),
    socialCards(),
    redirects({ redirects: { '/old-start': '/' } }),
  ],
})
