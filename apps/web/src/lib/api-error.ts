/** The one error type that travels from the API client to the screens; branch on code, not text. */
import type { ErrorDetail } from '@orchard/shared';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** the raw response text (empty for network failures) */
  readonly body: string;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: string; message: string; details?: ErrorDetail[]; body?: string; requestId?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
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

/** Message plus details, as the spec's toasts append them after their captions. */
export function errorText(e: unknown): string {
  if (isApiError(e)) {
    const details = e.details?.map((d) => d.message).filter(Boolean) ?? [];
    return [e.message, ...details].filter(Boolean).join('\n');
  }
  return e instanceof Error ? e.message : String(e);
}
