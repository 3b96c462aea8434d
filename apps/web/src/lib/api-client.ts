/**
 * The API client: auth and organisation headers, the error envelope, silent token refresh
 * (single-flight within the tab and, through the refresh coordinator, across the browser's tabs;
 * one retry), the session-expired modal hand-off and the maintenance redirect.
 * Screens never call fetch directly.
 */
import { createLineReader, JSON_LINES_TYPE, sendWithProgress, type UploadProgress } from './xhr-transport';
import { type TokenResponse } from '@orchard/shared/auth';
import { isSignInReason, ORGANIZATION_HEADER, type ErrorEnvelope, type ErrorReason } from '@orchard/shared/core';
import { AUTH_ENDPOINTS } from '../config/auth-paths';
import { ApiError, NETWORK_ERROR_CODE, reasonForCode } from './api-error';
import { refreshCoordinator, type RefreshCoordinator } from './session/refresh-coordinator';
import { sessionStore, setAccessToken } from './session/session-store';

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (FormData/Blob are sent as they are) */
  body?: unknown;
  /** schema (a zod schema from @orchard/shared) the JSON answer is parsed with */
  schema?: { parse: (data: unknown) => T };
  /** send the bearer token and handle 401 with refresh + session restore (default true) */
  auth?: boolean;
  /**
   * send X-Organization-Id for this organisation: the one in the caller's query key, so the
   * header always matches the key (an organisation switch while a request is on its way can never
   * file one organisation's answer under another's key). Never read from the store at send time.
   */
  tenant?: number;
  responseType?: 'json' | 'blob' | 'none';
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** sees the successful response before its body is read (e.g. a download's Content-Disposition) */
  onResponse?: (response: Response) => void;
  /**
   * follows the body as it is sent (uploads): bytes sent and the total. The request then goes
   * through XMLHttpRequest (fetch cannot report upload progress); everything else is the same.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * follows an answer of JSON lines (asks for it with Accept: application/x-ndjson; the request
   * then goes through XMLHttpRequest): each progress line, parsed, as it arrives. The last line is
   * the answer: `{ result }` (parsed with `schema`), or an error envelope with its `status`, thrown
   * as the ApiError the plain request gives. A server that answers plain JSON is read as usual.
   */
  onProgressLine?: (line: unknown) => void;
}

export { createLineReader, JSON_LINES_TYPE, type UploadProgress } from './xhr-transport';

export interface ApiClientHandlers {
  /** the server answered 503 MAINTENANCE */
  onMaintenance: () => void;
  /** the refresh failed while signed in; the session-expired modal should open */
  onSessionExpired: () => void;
}

let handlers: ApiClientHandlers = {
  onMaintenance: () => undefined,
  onSessionExpired: () => undefined,
};

export function configureApiClient(h: Partial<ApiClientHandlers>): void {
  handlers = { ...handlers, ...h };
}

interface PendingOperation {
  retry: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  error: ApiError;
}

let pendingOperations: PendingOperation[] = [];

/** How many failed requests wait for the session to be restored. */
export function pendingOperationCount(): number {
  return pendingOperations.length;
}

/**
 * Called by the session-expired modal after it has signed the user in again (or given up).
 * retry=true re-runs every request that failed with the expired session; false rejects them.
 */
export function settlePendingOperations(retry: boolean): void {
  const ops = pendingOperations;
  pendingOperations = [];
  for (const op of ops) {
    if (retry) op.retry().then(op.resolve, op.reject);
    else op.reject(op.error);
  }
}

/** How a refresh ended: a new token, refused by the server, or no answer (no network). */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

let refreshInFlight: Promise<RefreshOutcome> | null = null;

let sharingWith: { coordinator: RefreshCoordinator; unsubscribe: () => void } | null = null;

/**
 * Take up the access tokens other tabs obtain, so a tab whose token is about to expire uses theirs
 * rather than refreshing again. Only for the same signed-in user: a token never signs a tab in.
 */
function shareTokensAcrossTabs(): RefreshCoordinator {
  const coordinator = refreshCoordinator();
  if (sharingWith?.coordinator !== coordinator) {
    sharingWith?.unsubscribe();
    const unsubscribe = coordinator.subscribe((token) => {
      const s = sessionStore.getState();
      if (s.status === 'authenticated' && s.userId === token.user_id && s.accessToken !== token.access_token) setAccessToken(token);
    });
    sharingWith = { coordinator, unsubscribe };
  }
  return coordinator;
}

/**
 * Exchange the refresh cookie for a new access token. Parallel callers in the tab share one
 * request, and tabs take turns (see refresh-coordinator.ts): a tab whose turn comes after another
 * tab refreshed uses that tab's token instead of presenting the rotated cookie again.
 */
let refreshedInFlight: { outcome: Promise<RefreshOutcome>; refreshed: Promise<boolean> } | null = null;

export function refreshAccessToken(): Promise<boolean> {
  const outcome = refreshAccessTokenOutcome();
  // parallel callers share one promise, as they share one request
  if (refreshedInFlight?.outcome !== outcome) refreshedInFlight = { outcome, refreshed: outcome.then((o) => o === 'refreshed') };
  return refreshedInFlight.refreshed;
}

/**
 * refreshAccessToken, telling a refusal from a missing network (the offline start needs to know).
 * `onRequest` is called as the refresh request is handed to the browser (not when another tab's
 * token is taken instead, nor when a refresh is already on its way).
 */
export function refreshAccessTokenOutcome(onRequest?: () => void): Promise<RefreshOutcome> {
  if (!refreshInFlight) {
    const coordinator = shareTokensAcrossTabs();
    refreshInFlight = (async (): Promise<RefreshOutcome> => {
      try {
        const token = await coordinator.run(() => {
          const request = requestToken({ grant_type: 'refresh_token' });
          onRequest?.();
          return request;
        });
        setAccessToken(token);
        return 'refreshed';
      } catch (e) {
        return e instanceof ApiError && e.isNetworkError ? 'unreachable' : 'refused';
      } finally {
        refreshInFlight = null;
      }
    })();
  }
  return refreshInFlight;
}

/** POST /connect/token with a password or refresh grant. Throws ApiError on failure. */
export function requestToken(body: Record<string, unknown>): Promise<TokenResponse> {
  return apiRequest(AUTH_ENDPOINTS.token, { method: 'POST', body, auth: false, schema: { parse: parseTokenResponse } });
}

/**
 * tokenResponseSchema, checked by hand: the login route must not download zod (bundle budget),
 * the screens loaded after sign-in parse with the shared zod schemas.
 */
export function parseTokenResponse(data: unknown): TokenResponse {
  const d = data as Partial<TokenResponse> | null;
  if (
    !d ||
    typeof d.access_token !== 'string' ||
    d.token_type !== 'Bearer' ||
    !Number.isInteger(d.expires_in) ||
    !Number.isInteger(d.user_id)
  ) {
    throw new ApiError({ status: 200, code: 'INTERNAL', message: '', body: JSON.stringify(data) });
  }
  return { access_token: d.access_token, token_type: 'Bearer', expires_in: d.expires_in as number, user_id: d.user_id as number };
}

type ReasonCheck = (value: unknown) => value is ErrorReason;

/**
 * errorEnvelopeSchema, checked by hand for the same reason. A reason `isKnownReason` does not know
 * becomes the code's (the error's) or 'value-invalid' (a detail's); toApiError passes the whole
 * shared list when the answer names a reason the sign-in route's own list lacks.
 */
export function parseErrorEnvelope(data: unknown, isKnownReason: ReasonCheck = isSignInReason): ErrorEnvelope | null {
  const e = (data as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || typeof e.message !== 'string') return null;
  const details = Array.isArray(e.details)
    ? e.details
        .filter((x): x is { field: unknown; message: unknown; reason?: unknown } => !!x && typeof x === 'object')
        .map((x) => ({
          field: String(x.field ?? ''),
          message: String(x.message ?? ''),
          reason: isKnownReason(x.reason) ? x.reason : ('value-invalid' as const),
        }))
    : undefined;
  const requestId = (data as { requestId?: unknown }).requestId;
  const reason = isKnownReason(e.reason) ? e.reason : reasonForCode(e.code);
  return { error: { code: e.code, message: e.message, reason, details }, requestId: typeof requestId === 'string' ? requestId : '' };
}

/** The last line of an answer of JSON lines: the result, or an error envelope with its status. */
function isAnswerLine(line: unknown): line is { result: unknown } | { error: unknown; status: number } {
  if (!line || typeof line !== 'object') return false;
  return 'result' in line || ('error' in line && typeof (line as { status?: unknown }).status === 'number');
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const auth = options.auth ?? true;
  if (auth) shareTokensAcrossTabs();
  // a session taken up without a network (offline-session.ts) has no token yet: get one first
  if (auth && sessionStore.getState().status === 'authenticated' && !sessionStore.getState().accessToken) await refreshAccessTokenOutcome();
  const sentToken = sessionStore.getState().accessToken;
  let response = await send(path, options, auth ? sentToken : null);

  if (auth && response.status === 401) {
    // Another request may already have refreshed the token since this one was sent.
    const current = sessionStore.getState().accessToken;
    const refreshed = current && current !== sentToken ? true : await refreshAccessToken();
    if (refreshed) {
      response = await send(path, options, sessionStore.getState().accessToken);
    } else {
      const error = await toApiError(response);
      if (sessionStore.getState().status === 'authenticated') {
        return new Promise<T>((resolve, reject) => {
          pendingOperations.push({
            retry: () => apiRequest(path, options),
            resolve: resolve as (v: unknown) => void,
            reject,
            error,
          });
          if (!sessionStore.getState().sessionExpired) {
            sessionStore.setState({ sessionExpired: true });
            handlers.onSessionExpired();
          }
        });
      }
      throw error;
    }
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 503 && error.code === 'MAINTENANCE') handlers.onMaintenance();
    throw error;
  }
  return parseBody(response, options);
}

async function send<T>(path: string, options: ApiRequestOptions<T>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.onProgressLine ? `${JSON_LINES_TYPE}, application/json;q=0.9` : 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.tenant !== undefined) headers[ORGANIZATION_HEADER] = String(options.tenant);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  try {
    const init = { method: options.method ?? 'GET', headers, body, signal: options.signal };
    const { onUploadProgress, onProgressLine } = options;
    if (onUploadProgress || onProgressLine) {
      const onLine = onProgressLine && ((line: unknown) => (isAnswerLine(line) ? undefined : onProgressLine(line)));
      return await sendWithProgress(path, init, onUploadProgress ?? (() => undefined), onLine);
    }
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: '' });
  }
}

async function parseBody<T>(response: Response, options: ApiRequestOptions<T>): Promise<T> {
  options.onResponse?.(response);
  const type = options.responseType ?? 'json';
  if (type === 'none' || response.status === 204) return undefined as T;
  if (type === 'blob') return (await response.blob()) as T;
  if (response.headers.get('content-type')?.startsWith(JSON_LINES_TYPE)) return parseLastLine(response, options);
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** The answer of JSON lines: its last line's result, or the ApiError of its error envelope. */
async function parseLastLine<T>(response: Response, options: ApiRequestOptions<T>): Promise<T> {
  const text = await response.text();
  let last: unknown;
  createLineReader((line) => (last = line)).end(text);
  if (!isAnswerLine(last)) throw new ApiError({ status: response.status, code: 'INTERNAL', message: '', body: text });
  if ('result' in last) return options.schema ? options.schema.parse(last.result) : (last.result as T);
  const { status, ...envelope } = last;
  const error = await toApiError(new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } }));
  if (error.status === 503 && error.code === 'MAINTENANCE') handlers.onMaintenance();
  throw error;
}

let wholeReasonList: Promise<ReasonCheck> | null = null;

/**
 * The check that knows every reason the answer names: the sign-in route's own list when it covers
 * them (no download), else the whole shared list, loaded once (its module holds every area's
 * messages, so the login route does not download it up front). Should it fail to load, reasons
 * outside the sign-in list read as unknown.
 */
function reasonCheckFor(data: unknown): ReasonCheck | Promise<ReasonCheck> {
  const e = (data as { error?: unknown } | null)?.error as { reason?: unknown; details?: unknown } | undefined;
  if (!e || typeof e !== 'object') return isSignInReason;
  const named = [e.reason, ...(Array.isArray(e.details) ? e.details.map((d: unknown) => (d as { reason?: unknown } | null)?.reason) : [])];
  if (named.every((r) => typeof r !== 'string' || isSignInReason(r))) return isSignInReason;
  wholeReasonList ??= import('./error-reasons').then(
    (m) => m.isErrorReason,
    () => {
      wholeReasonList = null;
      return isSignInReason;
    },
  );
  return wholeReasonList;
}

/** Read the error envelope; anything else keeps its status and raw body. */
export async function toApiError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // body already consumed or unreadable
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const envelope = parseErrorEnvelope(json, await reasonCheckFor(json));
  if (envelope) {
    return new ApiError({
      status: response.status,
      code: envelope.error.code,
      message: envelope.error.message,
      reason: envelope.error.reason,
      details: envelope.error.details,
      body: text,
      requestId: envelope.requestId,
    });
  }
  return new ApiError({ status: response.status, code: codeForStatus(response.status), message: '', body: text });
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 412:
      return 'PRECONDITION_FAILED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'MAINTENANCE';
    default:
      return 'INTERNAL';
  }
}
