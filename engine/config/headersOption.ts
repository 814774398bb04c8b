/**
 * The config's `headers` field: response headers the build's `_headers` file sets, by path. They
 * come from the config (trusted), never from a `_headers` in the public folder, which content
 * could add (issue 38). Netlify's `[[headers]]` shape:
 *
 * ```ts
 * headers: [{ for: '/*', values: { 'X-Frame-Options': 'DENY' } }]
 * ```
 */
export interface HeadersRule {
  /** The path pattern, from the site's root folder (the base is not part of it): `/*`, `/assets/*`, `/docs/:page`. */
  for: string
  /** Header name -> value. */
  values: Record<string, string>
}

// A header name is an HTTP token; a value and a path hold no line break (it would start another rule).
const headerNameRE = /^[!#$%&'*+.^`|~\w-]+$/
const pathPatternRE = /^\/[^\s]*$/
const lineBreakRE = /[\r\n\0]/

/** Checks the config's `headers` field; `fail(field, problem, hint)` throws the located config error. */
export function validateHeadersOption(
  value: unknown,
  fail: (field: string, problem: string, hint: string) => never,
): HeadersRule[] {
  const example = "write e.g. `headers: [{ for: '/*', values: { 'X-Frame-Options': 'DENY' } }]`."
  if (value === undefined) return []
  if (!Array.isArray(value))
    return fail(
      'headers',
      `must be an array of \`{ for, values }\` rules, got ${JSON.stringify(value) ?? typeof value}`,
      example,
    )
  return value.map((rule: unknown, index) => {
    const field = `headers[${index}]`
    if (!rule || typeof rule !== 'object' || Array.isArray(rule))
      return fail(field, 'must be an object `{ for, values }`', example)
    const { for: pattern, values, ...rest } = rule as { for?: unknown; values?: unknown }
    for (const key of Object.keys(rest))
      fail(
        `${field}.${key}`,
        'is not a known option',
        'a rule has only `for` (a path pattern) and `values` (the headers).',
      )
    if (typeof pattern !== 'string' || !pathPatternRE.test(pattern))
      return fail(
        `${field}.for`,
        `must be a path pattern starting with \`/\`, without spaces, got ${JSON.stringify(pattern)}`,
        "write e.g. `for: '/*'` or `for: '/assets/*'`.",
      )
    if (!values || typeof values !== 'object' || Array.isArray(values))
      return fail(`${field}.values`, 'must be an object of header name -> value', example)
    const checked: Record<string, string> = {}
    for (const [name, text] of Object.entries(values as Record<string, unknown>)) {
      if (!headerNameRE.test(name))
        fail(`${field}.values["${name}"]`, 'is not a header name', 'use a name such as `X-Frame-Options`.')
      if (typeof text !== 'string' || lineBreakRE.test(text))
        fail(
          `${field}.values["${name}"]`,
          `must be a string on one line, got ${JSON.stringify(text) ?? typeof text}`,
          `write e.g. \`'${name}': 'value'\`.`,
        )
      checked[name] = (text as string).trim()
    }
    return { for: pattern, values: checked }
  })
}

/** The rules in the `_headers` format (Netlify, Cloudflare Pages; `sheaf preview` reads it). */
export function headersRulesText(rules: readonly HeadersRule[]): string {
  return rules
    .map((rule) => [rule.for, ...Object.entries(rule.values).map(([name, text]) => `  ${name}: ${text}`)].join('\n'))
    .join('\n')
}
