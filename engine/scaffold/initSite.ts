import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'
// A new site depends on the running package: `"sheaf": "file:<it>"`.
import { packageRoot } from '../packageRoot.ts'
import { sitePackage, siteTsconfig } from './sitePackage.ts'

/**
 * `sheaf init <dir>`: writes a new site that `npm install && npm run build` builds and
 * `npm run dev` serves: a config with the default theme and the plugins it reads, a home page,
 * two doc pages and their `_meta.json`. Refuses a folder that has files already, so it never
 * overwrites anyone's work. Returns the files it wrote, relative to `dir`.
 */
export function initSite(dir: string, options: { title?: string } = {}): string[] {
  const target = path.resolve(dir)
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) {
    throw new SheafError(`\`${dir}\` is a file, not a folder.`, {
      hint: 'give `sheaf init` a new or empty folder, e.g. `npx sheaf init my-docs`.',
    })
  }
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new SheafError(`The folder \`${dir}\` is not empty.`, {
      hint: 'give `sheaf init` a new or empty folder, e.g. `npx sheaf init my-docs`.',
    })
  }
  const title = options.title ?? titleOf(target)
  const files = siteFiles(title, path.basename(target), path.relative(target, packageRoot) || '.')
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true })
      fs.writeFileSync(path.join(target, file), text)
    }
  } catch (error) {
    // A folder under a file, a read-only disk, no permission: Node's message says which.
    throw new SheafError(
      `Cannot create the site in \`${dir}\`: ${error instanceof Error ? error.message : String(error)}.`,
      {
        hint: 'give `sheaf init` a folder you can write to, e.g. `npx sheaf init my-docs`.',
        cause: error,
      },
    )
  }
  return Object.keys(files)
}

function titleOf(dir: string): string {
  const words = path.basename(dir).replace(/[-_]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'My docs'
}

/** The new site's `site/config.ts`: every built-in plugin, one version, one language. */
function siteConfigSource(title: string): string {
  return `import { defineConfig } from 'sheaf'
import { files } from 'sheaf/plugins/files'
import { i18n } from 'sheaf/plugins/i18n'
import { search } from 'sheaf/plugins/search'
import { sidebar } from 'sheaf/plugins/sidebar'
import { versions } from 'sheaf/plugins/versions'

export default defineConfig({
  title: ${JSON.stringify(title)},
  description: 'Documentation built with Sheaf.',
  // The path the site is served under: '/' for a site of its own, '/repo-name/' on GitHub Pages.
  base: '/',
  // Files in content/public/ are served as they are, under the base path.
  icon: '/favicon.svg',
  // The default theme, by package name (a path such as './my-theme/index.ts' works too).
  theme: 'sheaf/theme',
  themeConfig: {
    nav: [{ text: 'Guide', link: '/guide/introduction', activeMatch: '^/guide/' }],
  },
  plugins: [
    files({ dir: 'content' }),
    // One version for now: pages live in content/1.0/. Add a version by copying the folder.
    versions({ default: '1.0', versions: ['1.0'] }),
    i18n({ locales: [{ lang: 'en', label: 'English' }] }),
    sidebar(),
    search(),
  ],
})
`
}

/** The new site's home page. */
function homePage(title: string): string {
  return `---
title: ${JSON.stringify(title)}
pageType: home
hero:
  name: ${JSON.stringify(title)}
  tagline: Documentation built with Sheaf.
  actions:
    - text: Get started
      link: /guide/introduction
      theme: brand
features:
  - title: Write markdown
    details: Every page is a markdown file under content/1.0/.
  - title: Find anything
    details: Search works offline, in the browser.
---
`
}

function siteFiles(title: string, name: string, sheafPath: string): Record<string, string> {
  const packageName =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'docs'
  return {
    'package.json': sitePackage(packageName, sheafPath, packageRoot),
    'tsconfig.json': siteTsconfig,
    '.gitignore': 'node_modules/\nbuild/\n.sheaf/\n.sheaf-cache/\n',
    'site/config.ts': siteConfigSource(title),
    'content/1.0/index.md': homePage(title),
    // Without an icon, browsers ask for /favicon.ico and log a 404 on every page.
    'content/public/favicon.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" ' +
      'fill="#3451b2"/><path d="M9 22V10h9a4 4 0 0 1 0 8h-5" fill="none" stroke="#fff" stroke-width="3" ' +
      'stroke-linecap="round" stroke-linejoin="round"/></svg>\n',
    'content/1.0/guide/_meta.json': '["introduction", "writing-pages"]\n',
    'content/1.0/guide/introduction.md': `---
title: Introduction
description: What this site is and how it is made.
---

# Introduction

This site is built with Sheaf. Each page is a markdown file under \`content/1.0/\`; the file
\`content/1.0/guide/introduction.md\` is the page you are reading, served at \`/guide/introduction\`.

Next, see [how to write pages](./writing-pages.md).
`,
    'content/1.0/guide/writing-pages.md': `---
title: Writing pages
description: Front-matter, headings, code blocks and containers.
---

# Writing pages

Start a page with front-matter (\`title\` is required), then one \`#\` heading.

## Code blocks

\`\`\`ts title="hello.ts" {2}
export function hello(name: string) {
  return \`Hello, \${name}!\`
}
\`\`\`

## Containers

:::tip Add a page
Create the markdown file, then list its name in the \`_meta.json\` of its folder.
:::

Back to the [introduction](./introduction.md).
`,
  }
}
