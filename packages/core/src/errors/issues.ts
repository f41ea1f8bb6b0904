import type { RampInputIssue } from './client.js'

/** What `toInputIssues` reads of a schema issue (a zod issue has all of it). */
export type SchemaIssue = {
  readonly code?: string | undefined
  readonly path: readonly PropertyKey[]
  readonly message: string
  /** The keys a strict object did not know (`code: 'unrecognized_keys'`). */
  readonly keys?: readonly string[] | undefined
}

/**
 * A schema's issues in the service's words: `field` is the dot path of the input at fault
 * (`payment_method.phone_number`), the name a 422 carries in `data.field`. A key the schema
 * does not know is an issue of its own, named by its full path (`signal`,
 * `payment_method.signal`) and listed first: such an input is refused for that key whatever
 * else is wrong with it, so the answer does not depend on which other fields happen to be valid.
 *
 * @example
 * const result = quoteRequest.safeParse(body)
 * if (!result.success) {
 *   const [issue] = toInputIssues(result.error.issues)
 *   console.log(issue?.field) // 'payment_method.signal'
 * }
 */
export function toInputIssues(issues: readonly SchemaIssue[]): RampInputIssue[] {
  const unknown: RampInputIssue[] = []
  const other: RampInputIssue[] = []
  for (const issue of issues) {
    const at = issue.path.map(String)
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) {
        // An empty key would leave the field blank (or end it in a dot): it is named `""`.
        const field = [...at, key === '' ? '""' : key].join('.')
        unknown.push({ field, message: `${field} is not accepted: this request has no such field` })
      }
      continue
    }
    const field = at.join('.')
    const message =
      field === '' || issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`
    other.push({ field, message })
  }
  return [...unknown, ...other]
}
