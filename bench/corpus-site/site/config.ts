// The synthetic bench corpus as a Sheaf site: the real theme, an automatic
// sidebar scoped per top-level folder (like Rspress 1), search on.
import path from 'node:path'
import { defineConfig } from 'sheaf'
import { files } from 'sheaf/plugins/files'
import { search } from 'sheaf/plugins/search'
import { sidebar } from 'sheaf/plugins/sidebar'

const corpus = process.env.BENCH_CORPUS ?? '/tmp/docsite-bench/corpus-100'
const siteDir = path.resolve(import.meta.dirname, '../../../site')

export default defineConfig({
  title: 'Bench docs',
  base: '/',
  outDir: process.env.BENCH_OUT ?? 'build',
  publicDir: path.join(corpus, 'public'),
  theme: {
    layout: path.join(siteDir, 'theme/Layout.tsx'),
    templates: {
      home: path.join(siteDir, 'theme/templates/Home.tsx'),
      doc: path.join(siteDir, 'theme/templates/Doc.tsx'),
      404: path.join(siteDir, 'theme/templates/NotFound.tsx'),
    },
    styles: [path.join(siteDir, 'theme/styles/index.css')],
  },
  themeConfig: { nav: [{ text: 'Docs', link: '/' }] },
  plugins: [files({ dir: corpus, lastUpdated: false }), sidebar({ auto: true, warnUnlisted: false }), search()],
})
