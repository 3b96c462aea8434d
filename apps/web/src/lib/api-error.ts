/** The one error type that travels from the API client to the screens; branch on code and reason, not text. */
import { ERROR_CODE_REASONS, NETWORK_ERROR_REASON, type ErrorDetail, type ErrorReason } from '@orchard/shared/core';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** the reason of an answer that named none: its code's */
export function reasonForCode(code: string): ErrorReason {
  if (code === NETWORK_ERROR_CODE) return NETWORK_ERROR_REASON;
  return (ERROR_CODE_REASONS as Record<string, ErrorReason>)[code] ?? ERROR_CODE_REASONS.INTERNAL;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** the stable key of the server's rule (the text beside it is for people) */
  readonly reason: ErrorReason;
  readonly details: ErrorDetail[] | undefined;
  /** the raw response text (empty for network failures) */
  readonly body: string;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    reason?: ErrorReason;
    details?: ErrorDetail[];
    body?: string;
    requestId?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason ?? reasonForCode(init.code);
    this.details = init.details;
    this.body = init.body ?? '';
    this.requestId = init.requestId;
  }

  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Does the server's answer name one of these reasons, as its error or in a detail? */
export function hasReason(e: unknown, ...reasons: ErrorReason[]): boolean {
  if (!isApiError(e)) return false;
  return reasons.includes(e.reason) || (e.details?.some((d) => reasons.includes(d.reason)) ?? false);
}

/** Message plus details, as the failure toasts append them after their captions (docs/domain.md, Screens and layout). */
export function errorText(e: unknown): string {
  if (isApiError(e)) {
    const details = e.details?.map((d) => d.message).filter(Boolean) ?? [];
    return [e.message, ...details].filter(Boolean).join('\n');
  }
  return e instanceof Error ? e.message : String(e);
}
