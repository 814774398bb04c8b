/** The core SDL every site has; plugins extend it with `extend type ...`. */
export const coreTypeDefs =
  /* GraphQL */ `
  "Any JSON value (front-matter, hast trees, ` +
  `theme config)."
  scalar JSON

  """
  The TypeScript type \`sheaf typegen\` gives a JSON field: ` +
  `\`type\` is the type expression,
  \`import\` the names it uses (comma-separated) ` +
  `and \`from\` the module they come from.
  Without it a JSON field is \`unknown\`.
  """
  directive ` +
  `@ts(type: String!, import: String, from: String) on FIELD_DEFINITION

  "Gatsby's @dontInfer: ` +
  `the type has the fields its SDL declares, none inferred from its nodes."
  directive @dontInfer on OBJECT

  ` +
  `"A JSON field whose filter, sort and group inputs are inferred from its values (a page's front-matter)."
  ` +
  `directive @inferInputs on FIELD_DEFINITION

  "What every node has, ` +
  `as in Gatsby."
  interface Node {
    id: ID!
    "The node this one was made from (a Page's File)."
    ` +
  `parent: Node
    children: [Node!]!
    internal: ` +
  `Internal!
  }

  type Internal {
    "The node's type."
    type: String!
    contentDigest: ` +
  `String!
    "The plugin that created the node."
    owner: ` +
  `String!
  }

  """
  A field an optional plugin adds, in a theme's query: ` +
  `left out when the site has no such
  plugin (the result then has no key for it), ` +
  `so a theme builds with any subset of plugins.
  """
  directive @slot on FIELD

  "Site-wide data from the ` +
  `config."
  type Site {
    title: String!
    description: String!
    "Deployed origin, e.g. ` +
  `https://example.org (empty when unknown)."
    url: String!
    "Base path, ` +
  `starting and ending with /."
    base: String!
    "Default language."
    lang: ` +
  `String!
    "The theme configuration, as written in the config."
    themeConfig: JSON! @ts(type: ` +
  `"ThemeConfig", import: "ThemeConfig", from: "sheaf/runtime")
  }

  "One outline entry (h2 and deeper; ` +
  `h1 is skipped)."
  type TocEntry {
    text: String!
    id: String!
    depth: ` +
  `Int!
    "Offset of the heading in the page's plain text."
    charIndex: ` +
  `Int!
  }

  "A part of a page between two headings (for search)."
  type PageSection {
    anchor: ` +
  `String!
    heading: String!
    depth: Int!
    text: ` +
  `String!
  }

  "A source file read by a source plugin."
  type File implements Node @dontInfer {
    id: ` +
  `ID!
    parent: Node
    children: [Node!]!
    internal: Internal!
    relativePath: ` +
  `String!
    sourcePath: String!
    extension: ` +
  `String!
    "Text content (null for binary files)."
    content: ` +
  `String
  }

  "A page made from a markdown file."
  type Page implements Node @dontInfer {
    id: ` +
  `ID!
    parent: Node
    children: [Node!]!
    internal: Internal!
    "Route under the base, e.g. ` +
  `/docs/api/render or /12.x/docs/api/render."
    path: ` +
  `String!
    "Route without language and version prefixes."
    slug: String!
    title: ` +
  `String!
    description: String!
    lang: String
    version: String
    "doc, home, overview, custom, ` +
  `blank or 404."
    pageType: String!
    frontmatter: JSON! @ts(type: "Record<string, unknown>") ` +
  `@inferInputs
    "The front-matter with every string that holds HTML turned into sanitized inline hast ` +
  `(render it with HastContent); other values as written. For texts that may carry inline HTML, ` +
  `as a home page's hero and features do in Rspress."
    frontmatterHtml: JSON! @ts(type: "Record<string, ` +
  `unknown>")
    toc: [TocEntry!]!
    "The body as a hast tree (JSON), links resolved."
    body: ` +
  `JSON! @ts(type: "Root", import: "Root", from: "hast")
    "Plain text of the body."
    text: ` +
  `String!
    sections: [PageSection!]!
    "Every id on the page."
    anchors: [String!]!
    "Source file, ` +
  `relative to the project root."
    sourcePath: String
    "ISO time of the source file's last commit, ` +
  `when known."
    lastUpdated: String
  }

  type Query {
    site: ` +
  `Site!
    "The page at a route (any of /x, /x/, /x.html)."
    page(path: String!): Page
  }
`
