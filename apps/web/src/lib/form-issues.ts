/**
 * A form's messages by field path ('farmBlockId', 'observations.0.count'; 'form' for the form as a
 * whole): from the shared schema the server applies too, checked before sending, and from the
 * details of the server's refusal.
 */

/** Messages by field path. */
export type FormErrors = Record<string, string>;

/** A shared (zod) schema, as far as a form checks its body with it. */
export interface SafeParser {
  safeParse: (data: unknown) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The messages of a schema's issues, by field path (the first per field). */
export function issuesByField(parser: SafeParser, data: unknown): FormErrors {
  const result = parser.safeParse(data);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}

/** The server's details, by field path (the first per field). */
export function detailsByField(details: readonly { field: string; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const d of details) errors[d.field || 'form'] ??= d.message;
  return errors;
}
