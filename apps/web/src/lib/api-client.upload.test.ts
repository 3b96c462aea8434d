/** Uploads with progress: the same client, sent through XMLHttpRequest (a fake one here). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, type UploadProgress } from './api-client';
import { ApiError } from './api-error';
import { createRefreshCoordinator, setRefreshCoordinator } from './session/refresh-coordinator';
import { clearSession, sessionStore } from './session/session-store';

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseType = '';
  responseHeaders = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.response = new TextEncoder().encode(JSON.stringify(body)).buffer as ArrayBuffer;
    this.responseHeaders = 'content-type: application/json\r\nx-request-id: r1\r\n';
    this.onload?.();
  }
}

const waitForSend = async () => {
  await vi.waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
  return FakeXhr.last as FakeXhr;
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('fetch is not used for uploads with progress'))));
  setRefreshCoordinator(createRefreshCoordinator());
  clearSession();
  sessionStore.setState({ status: 'authenticated', accessToken: 'tok', userId: 7, organizationId: 3 });
});

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest with onUploadProgress', () => {
  it('sends the form with the same headers, reports the bytes sent and parses the answer', async () => {
    const seen: UploadProgress[] = [];
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(10)]), 'a.zip');
    const result = apiRequest('/api/core/UploadUpdate', { method: 'POST', body: form, tenant: 3, onUploadProgress: (p) => seen.push(p) });
    const xhr = await waitForSend();
    expect(xhr.method).toBe('POST');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.headers['x-organization-id']).toBe('3');
    expect(xhr.body).toBe(form);
    xhr.progress(4, 10);
    xhr.progress(10, 10);
    xhr.answer(200, { ok: true });
    await expect(result).resolves.toEqual({ ok: true });
    expect(seen).toEqual([
      { sent: 4, total: 10 },
      { sent: 10, total: 10 },
    ]);
  });

  it('an error answer becomes the same ApiError as through fetch', async () => {
    const result = apiRequest('/api/x', { method: 'POST', body: new FormData(), onUploadProgress: () => undefined }).catch((e: unknown) => e);
    (await waitForSend()).answer(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large.' }, requestId: 'r1' });
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large.' });
  });

  it('cancelling aborts the request and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const result = apiRequest('/api/x', { method: 'POST', body: new FormData(), signal: controller.signal, onUploadProgress: () => undefined }).catch(
      (e: unknown) => e,
    );
    const xhr = await waitForSend();
    controller.abort();
    const error = await result;
    expect(xhr.aborted).toBe(true);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
