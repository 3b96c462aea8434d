/** The one error type the services throw; the error handler turns it into the envelope. */
import {
  ERROR_CODE_REASONS,
  ERROR_CODES,
  reasonOf,
  type ErrorCode,
  type ErrorDetail,
  type ErrorDetailInput,
  type ErrorReason,
} from '@orchard/shared/core';

/** a detail's key: the one it names, else its message constant's, else the generic 'value-invalid' */
export const detailWithReason = (d: ErrorDetailInput): ErrorDetail => ({
  field: d.field,
  message: d.message,
  reason: d.reason ?? reasonOf(d.message) ?? 'value-invalid',
});

export class AppError extends Error {
  readonly statusCode: number;
  /** the rule's stable key: the one named here, else the message constant's, else the code's */
  readonly reason: ErrorReason;
  readonly details: ErrorDetail[] | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    details?: ErrorDetailInput[],
    reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code];
    this.reason = reason ?? reasonOf(message) ?? ERROR_CODE_REASONS[code];
    this.details = details?.map(detailWithReason);
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this', reason?: ErrorReason) =>
  new AppError('FORBIDDEN', message, undefined, reason);
export const unauthenticated = (message = 'Authentication required', reason?: ErrorReason) =>
  new AppError('UNAUTHENTICATED', message, undefined, reason);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** 412: the row (or the password, the cell) changed since the version the request names; the area's own message. */
export const preconditionFailed = (message: string, reason?: ErrorReason) =>
  new AppError('PRECONDITION_FAILED', message, undefined, reason);
export const validationFailed = (message: string, details?: ErrorDetailInput[], reason?: ErrorReason) =>
  new AppError('VALIDATION_FAILED', message, details, reason);
