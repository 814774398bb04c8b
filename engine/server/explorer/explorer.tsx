// The dev server's GraphQL explorer (GraphiQL), bundled by Vite on demand.
import { GraphiQL } from 'graphiql'
import 'graphiql/style.css'
import { createRoot } from 'react-dom/client'

const endpoint = window.location.pathname

async function fetcher(params: unknown) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })
  return response.json()
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={
        '# The live schema of this site. Try:\n{\n  allPage(limit: 5) {\n    nodes {\n      path\n' +
        '      title\n    }\n  }\n}\n'
      }
    />,
  )
