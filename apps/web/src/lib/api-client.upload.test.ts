/**
 * Uploads with progress and answers of JSON lines followed as they arrive: the same client, sent
 * through XMLHttpRequest (a fake one here).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createLineReader, type UploadProgress } from './api-client';
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
  responseText = '';
  responseHeaders = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onprogress: (() => void) | null = null;
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
  getResponseHeader(name: string) {
    const line = this.responseHeaders.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line ? line.slice(name.length + 1).trim() : null;
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
  /** more of a text answer arrives */
  receive(text: string, status = 200, contentType = 'application/x-ndjson; charset=utf-8') {
    this.status = status;
    this.responseHeaders = `content-type: ${contentType}\r\n`;
    this.responseText += text;
    this.onprogress?.();
  }
  finish() {
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

describe('createLineReader', () => {
  it('hands over each line once, as soon as it is complete, across any split of the text', () => {
    const seen: unknown[] = [];
    const reader = createLineReader((line) => seen.push(line));
    const text = '{"a":1}\n{"b":[1,2]}\n\n{"c":"x\\ny"}\n{"d":4}';
    reader.push(text.slice(0, 3));
    expect(seen).toEqual([]);
    reader.push(text.slice(0, 9));
    expect(seen).toEqual([{ a: 1 }]);
    reader.push(text.slice(0, 9));
    reader.push(text.slice(0, text.indexOf('{"d"')));
    expect(seen).toEqual([{ a: 1 }, { b: [1, 2] }, { c: 'x\ny' }]);
    reader.end(text);
    expect(seen).toEqual([{ a: 1 }, { b: [1, 2] }, { c: 'x\ny' }, { d: 4 }]);
  });

  it('skips a line that is not JSON and reads on', () => {
    const seen: unknown[] = [];
    const reader = createLineReader((line) => seen.push(line));
    reader.end('{"a":1}\nnot json\r\n{"b":2}\r\n');
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('apiRequest with onProgressLine', () => {
  const schema = { parse: (data: unknown) => data as { bins: number } };

  it('asks for lines, hands over each progress line as it arrives and answers with the last line', async () => {
    const seen: unknown[] = [];
    const result = apiRequest('/api/x', { method: 'POST', body: new FormData(), tenant: 3, schema, onProgressLine: (line) => seen.push(line) });
    const xhr = await waitForSend();
    expect(xhr.headers.Accept).toMatch(/^application\/x-ndjson/);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.responseType).toBe('text');
    xhr.receive('{"progress":{"phase":"checking","processed":0,"total":900}}\n{"progress":{"phase":"chec');
    expect(seen).toEqual([{ progress: { phase: 'checking', processed: 0, total: 900 } }]);
    xhr.receive('king","processed":500,"total":900}}\n');
    expect(seen).toHaveLength(2);
    xhr.receive('{"result":{"bins":12}}\n');
    xhr.finish();
    await expect(result).resolves.toEqual({ bins: 12 });
    // the answer line is not progress
    expect(seen).toEqual([
      { progress: { phase: 'checking', processed: 0, total: 900 } },
      { progress: { phase: 'checking', processed: 500, total: 900 } },
    ]);
  });

  it('an error line becomes the ApiError the plain request gives', async () => {
    const result = apiRequest('/api/x', { method: 'POST', body: new FormData(), schema, onProgressLine: () => undefined }).catch((e: unknown) => e);
    const xhr = await waitForSend();
    const envelope = {
      error: { code: 'VALIDATION_FAILED', message: 'The file has errors; nothing was imported', details: [{ field: 'line 3: puc', message: 'Unknown PUC' }] },
      requestId: 'r9',
    };
    xhr.receive(`{"progress":{"phase":"checking","processed":0,"total":2}}\n${JSON.stringify({ ...envelope, status: 400 })}\n`);
    xhr.finish();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'The file has errors; nothing was imported', requestId: 'r9' });
    expect((error as ApiError).details).toMatchObject([{ field: 'line 3: puc', message: 'Unknown PUC' }]);
  });

  it('reads a plain JSON answer or refusal as usual, without progress', async () => {
    const seen: unknown[] = [];
    const ok = apiRequest('/api/x', { method: 'POST', body: new FormData(), schema, onProgressLine: (line) => seen.push(line) });
    const first = await waitForSend();
    first.receive('{"bins":3}', 201, 'application/json');
    first.finish();
    await expect(ok).resolves.toEqual({ bins: 3 });
    FakeXhr.last = null;
    const refused = apiRequest('/api/x', { method: 'POST', body: new FormData(), onProgressLine: (line) => seen.push(line) }).catch((e: unknown) => e);
    const second = await waitForSend();
    second.receive('{"error":{"code":"PAYLOAD_TOO_LARGE","message":"The request is too large"},"requestId":"r2"}\n', 413, 'application/json');
    second.finish();
    expect(await refused).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(seen).toEqual([]);
  });

  it('cancelling aborts the request and rejects with an AbortError', async () => {
    const controller = new AbortController();
    const result = apiRequest('/api/x', { method: 'POST', body: new FormData(), signal: controller.signal, onProgressLine: () => undefined }).catch((e: unknown) => e);
    const xhr = await waitForSend();
    xhr.receive('{"progress":{"phase":"importing","processed":500,"total":900}}\n');
    controller.abort();
    expect(xhr.aborted).toBe(true);
    expect(await result).toMatchObject({ name: 'AbortError' });
  });
});
