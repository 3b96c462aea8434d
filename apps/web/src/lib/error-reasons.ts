/**
 * Every error reason (the shared list), loaded on demand by the API client when an answer names a
 * reason the sign-in route's own list (`isSignInReason`, shared sign-in-reasons.ts) does not.
 */
export { isErrorReason } from '@orchard/shared/core';
