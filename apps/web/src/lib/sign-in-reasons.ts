/**
 * The error reasons the sign-in route meets (every error code's own, the server's own, the token
 * endpoint's and the network's): the same values as in @orchard/shared (sign-in-reasons.test.ts
 * keeps them equal). Declared here because the shared module that gathers every reason imports
 * each area's messages beside their zod schemas, and the login route must not download those nor
 * zod (bundle budget). The whole list (`isErrorReason`) loads on demand: error-reasons.ts.
 */
import type { ErrorReason } from '@orchard/shared';

export const ERROR_CODE_REASONS = {
  VALIDATION_FAILED: 'request-invalid',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not-found',
  CONFLICT: 'conflict',
  PRECONDITION_FAILED: 'precondition-failed',
  PAYLOAD_TOO_LARGE: 'payload-too-large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported-media-type',
  RATE_LIMITED: 'rate-limited',
  INTERNAL: 'internal',
  MAINTENANCE: 'maintenance',
} as const satisfies Record<string, ErrorReason>;

export const NETWORK_ERROR_REASON = 'network-error' satisfies ErrorReason;

export const SERVER_REASONS = [
  'value-invalid',
  'session-expired',
  'sign-in-rate-limited',
  'cross-site-request',
  'stream-ticket-invalid',
  'password-changed-meanwhile',
  'nul-character',
  'organisation-required',
  'not-ready',
  'week-duplicated',
  'date-range-incomplete',
  'date-range-order',
  'date-range-too-long',
  'date-range-future',
] as const satisfies readonly ErrorReason[];

export const LOGIN_ERROR_REASONS = {
  invalidCredentials: 'login-invalid-credentials',
  disabled: 'login-disabled',
} as const satisfies Record<string, ErrorReason>;

const SIGN_IN_REASONS: ReadonlySet<string> = new Set<string>([
  ...Object.values(ERROR_CODE_REASONS),
  ...SERVER_REASONS,
  ...Object.values(LOGIN_ERROR_REASONS),
  NETWORK_ERROR_REASON,
]);

/** A reason of the list above (a reason it does not name may still be one of the whole list's). */
export function isSignInReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && SIGN_IN_REASONS.has(value);
}
