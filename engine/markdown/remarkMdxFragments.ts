import fs from 'node:fs'
import path from 'node:path'
import type { Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'
import { SheafError } from '../errors.ts'
import { resolveFragmentPath, type FragmentOptions } from './fragmentImports.ts'

interface Options {
  fragments?: FragmentOptions
  /**
   * Parses a fragment's text as a page's is parsed (MDX for `.mdx`); `file`, from the site root, locates its errors.
   */
  parse: (source: string, file: string) => Root
  /**
   * Checks a fragment's elements in its own file, so an error is located where it is to be fixed;
   * `page`: the page that shows it.
   */
  check: (tree: Root, file: string, page: string) => void
}

interface EsmNode {
  type: 'mdxjsEsm'
  position?: { start: { line: number; column: number } }
  data?: { estree?: { body: EstreeStatement[] } }
}

interface EstreeStatement {
  type: string
  source?: { value: unknown }
  specifiers?: { type: string; imported?: { name?: string; value?: string }; local: { name: string } }[]
}

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'
  name: string | null
  position?: { start: { line: number; column: number } }
}

/**
 * MDX fragments, as Rspress has them ("every MDX file is also a component"): an import of an
 * `.md`/`.mdx` file names a component, and each element of it is replaced by the fragment's
 * content, parsed as the page is. Its headings so join the page's outline and search text, and
 * its elements are checked like the page's own. A fragment that imports itself, directly or not,
 * is refused with the chain. Runs before remarkMdxComponents, which then sees no fragment import.
 */
export default function remarkMdxFragments(options: Options) {
  return (tree: Root, file: VFile) => {
    if (!options.fragments) return
    expand(tree, file.path, [file.path], options.fragments, options)
  }
}

/** `from`: the file the tree was read from, relative to the site root; `chain`: the files that led to it. */
function expand(tree: Root, from: string, chain: string[], fragments: FragmentOptions, options: Options): void {
  const imported = takeFragmentImports(tree, from, fragments)
  if (imported.size === 0) return
  replaceElements(tree, (element) => {
    const fragment = element.name === null ? undefined : imported.get(element.name)
    if (!fragment) return undefined
    const relative = path.relative(fragments.root, fragment.file).split(path.sep).join('/')
    const line = element.position?.start.line
    if (chain.includes(relative)) {
      throw new SheafError(`MDX fragments import each other in a cycle: ${[...chain, relative].join(' -> ')}.`, {
        file: from,
        line,
        column: element.position?.start.column,
        hint: `remove the import of \`${relative}\` from one of them: a fragment cannot show itself.`,
      })
    }
    const content = options.parse(fs.readFileSync(fragment.file, 'utf8'), relative)
    content.children = content.children.filter((child) => child.type !== 'yaml')
    expand(content, relative, [...chain, relative], fragments, options)
    options.check(content, relative, chain[0])
    const children = content.children
    // Inline (`text <Shared /> text`): a one-paragraph fragment gives its phrasing, not a block.
    if (element.type === 'mdxJsxTextElement' && children.length === 1 && children[0].type === 'paragraph')
      return children[0].children as RootContent[]
    return children as RootContent[]
  })
}

/**
 * The page's fragment imports (local name -> file), taken out of its import statements; a
 * statement left with no import is removed. A missing file or an alias no one declared fails at its line.
 */
function takeFragmentImports(tree: Root, from: string, fragments: FragmentOptions): Map<string, { file: string }> {
  const imported = new Map<string, { file: string }>()
  tree.children = tree.children.filter((child) => {
    if ((child.type as string) !== 'mdxjsEsm') return true
    const esm = child as unknown as EsmNode
    const body = esm.data?.estree?.body
    if (!body) return true
    esm.data!.estree!.body = body.filter((statement) => {
      if (statement.type !== 'ImportDeclaration') return true
      const specifier = String(statement.source?.value)
      const resolved = resolveFragmentPath(specifier, from, fragments)
      if (resolved === null) return true
      const line = esm.position?.start.line
      if (!('file' in resolved)) {
        const prefix = specifier.split('/')[0]
        throw new SheafError(`The fragment \`${specifier}\` starts with \`${prefix}\`, which is not an import alias.`, {
          file: from,
          line,
          hint:
            `declare it in site/config.ts, e.g. \`markdown: { importAliases: { '${prefix}': 'docs/...' } }\`, ` +
            `or import the fragment by a relative path (\`./shared/x.mdx\`).`,
        })
      }
      if (!fs.existsSync(resolved.file) || !fs.statSync(resolved.file).isFile()) {
        throw new SheafError(
          `The fragment \`${specifier}\` imported here does not exist (looked ` +
            `for ${path.relative(fragments.root, resolved.file).split(path.sep).join('/')}).`,
          { file: from, line, hint: 'fix the path of the import, or create the file.' },
        )
      }
      for (const named of statement.specifiers ?? []) imported.set(named.local.name, resolved)
      return false
    })
    return esm.data!.estree!.body.length > 0
  })
  return imported
}

/** Replaces each JSX element `replace` answers for with what it answers, depth first, in place. */
function replaceElements(
  node: { children?: RootContent[] },
  replace: (element: JsxElement) => RootContent[] | undefined,
): void {
  if (!node.children) return
  const out: RootContent[] = []
  for (const child of node.children) {
    const type = child.type as string
    const replaced =
      type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement' ? replace(child as unknown as JsxElement) : undefined
    if (replaced) out.push(...replaced)
    else {
      replaceElements(child as { children?: RootContent[] }, replace)
      out.push(child)
    }
  }
  node.children = out
}
