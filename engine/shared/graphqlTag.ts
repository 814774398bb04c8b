/**
 * The `graphql` tag of `sheaf/runtime`, as Gatsby's: ``graphql`query { … }` `` is the query's text.
 * A page query (`export const query = graphql\`…\``) is read by the engine when it imports the
 * template; a static query (``useStaticQuery(graphql`…`)``) is found in the module's source at
 * build time, so the text must be written out whole: an interpolation is refused, because the
 * build could not see the query the component would ask for.
 */
export function graphql(strings: TemplateStringsArray, ...values: unknown[]): string {
  if (values.length > 0) {
    throw new Error(
      'A graphql`…` query cannot interpolate values (`${…}`): write the query out and pass values as variables.',
    )
  }
  // The raw text, as the build reads it from the source (an escape such as `\n` stays two characters).
  return strings.raw.join('')
}
