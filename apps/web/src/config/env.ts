/**
 * Build-time environment, checked once at start-up; a bad value fails with a readable message.
 * (Checked by hand rather than with zod so the login route does not download zod.)
 */
function optionalUrl(name: string, value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') {
    try {
      return new URL(value).toString();
    } catch {
      // fall through to the error below
    }
  }
  throw new Error(`Invalid environment: ${name} must be an absolute URL (got ${String(value)})`);
}

export const env = {
  analyticsUrl: optionalUrl('VITE_ANALYTICS_URL', import.meta.env.VITE_ANALYTICS_URL),
};
