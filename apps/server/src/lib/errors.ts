/** The one error type the services throw; the error handler turns it into the envelope. */
import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '@orchard/shared';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication required') => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const validationFailed = (message: string, details?: ErrorDetail[]) =>
  new AppError('VALIDATION_FAILED', message, details);
