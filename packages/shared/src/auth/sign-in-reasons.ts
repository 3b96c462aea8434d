/**
 * The error reasons that need no area's rules: one per error code, the server's own, the network's;
 * and the reasons the sign-in route meets (these, and the token endpoint's). A module without zod and
 * without the message groups, so the login route's API client can name them (bundle budget); the one
 * list of every reason (reasons.ts) gathers these with each area's.
 */
import type { ErrorCode } from '../core/errors.js';
import type { ErrorReason } from '../core/reasons.js';
import { LOGIN_ERROR_REASONS } from './auth-errors.js';

/** the key an error carries when its rule has no key of its own: one per error code */
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
} as const satisfies Record<ErrorCode, string>;

/** rules whose text lives in the server alone; the server names the key where it raises them */
export const SERVER_REASONS = [
  /** a validation detail whose rule has no key of its own (e.g. a schema's built-in check) */
  'value-invalid',
  'session-expired',
  'sign-in-rate-limited',
  'cross-site-request',
  'stream-ticket-invalid',
  'password-changed-meanwhile',
  'nul-character',
  'organisation-required',
  /** the readiness probe: the database did not answer */
  'not-ready',
  'week-duplicated',
  'date-range-incomplete',
  'date-range-order',
  'date-range-too-long',
  'date-range-future',
] as const;

/** the client's own: the request never reached the server */
export const NETWORK_ERROR_REASON = 'network-error';

const SIGN_IN_REASONS: ReadonlySet<string> = new Set<string>([
  ...Object.values(ERROR_CODE_REASONS),
  ...SERVER_REASONS,
  ...Object.values(LOGIN_ERROR_REASONS),
  NETWORK_ERROR_REASON,
]);

/**
 * A reason the sign-in route meets. A value it does not name may still be a reason of the whole list
 * (`isErrorReason`, which the app loads when it needs it).
 */
export function isSignInReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && SIGN_IN_REASONS.has(value);
}
