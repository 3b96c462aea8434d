/**
 * The XMLHttpRequest side of the API client: requests that report their upload's progress, and
 * answers of JSON lines read as they arrive. fetch can do neither, so api-client.ts sends through
 * here when asked for progress or lines.
 */

export interface UploadProgress {
  sent: number;
  total: number;
}

/** The media type of an answer of JSON lines. */
export const JSON_LINES_TYPE = 'application/x-ndjson';

/**
 * Reads JSON lines out of a text that grows as it arrives (XMLHttpRequest's responseText): `push`
 * the whole text so far, and each line completed since is handed over once, parsed (a line that is
 * not JSON is skipped); `end` hands over a last line without its newline.
 */
export function createLineReader(onLine: (line: unknown) => void): { push: (text: string) => void; end: (text: string) => void } {
  let read = 0;
  const take = (raw: string) => {
    if (!raw.trim()) return;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      return;
    }
    onLine(line);
  };
  const push = (text: string) => {
    let newline = text.indexOf('\n', read);
    while (newline >= 0) {
      take(text.slice(read, newline));
      read = newline + 1;
      newline = text.indexOf('\n', read);
    }
  };
  return {
    push,
    end: (text) => {
      push(text);
      take(text.slice(read));
      read = text.length;
    },
  };
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * One request through XMLHttpRequest, reporting the upload's progress (and with `onLine`, each line
 * of the answer as it arrives), answered as a fetch Response so the rest of the client treats it
 * like any other. An abort rejects with the same AbortError fetch gives; a network failure with a
 * TypeError, as fetch does.
 */
export function sendWithProgress(
  path: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | undefined; signal?: AbortSignal },
  onProgress: (progress: UploadProgress) => void,
  onLine?: (line: unknown) => void,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (init.signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, path);
    // lines are read from the text as it grows; anything else is read whole, as bytes
    const lines = onLine && createLineReader(onLine);
    xhr.responseType = lines ? 'text' : 'arraybuffer';
    const isLines = () => !!xhr.getResponseHeader('content-type')?.startsWith(JSON_LINES_TYPE);
    if (lines) xhr.onprogress = () => (isLines() ? lines.push(xhr.responseText) : undefined);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      if (lines && isLines()) lines.push(xhr.responseText);
      const responseBody = NULL_BODY_STATUSES.has(xhr.status) ? null : lines ? xhr.responseText : (xhr.response as ArrayBuffer);
      resolve(new Response(responseBody, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
