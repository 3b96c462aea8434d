/** Reads a real server-sent-event stream in tests (bounded in time). */
import { NOTIFICATIONS_PATHS, type NotificationItem } from '@orchard/shared/notifications';

const STREAM_WAIT_MS = 8000;

/** Opens the stream over real HTTP and collects its text until `until` matches (or times out). */
export async function openStream(baseUrl: string, ticket: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  let text = '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const waitFor = async (until: RegExp): Promise<string> => {
    const deadline = Date.now() + STREAM_WAIT_MS;
    while (!until.test(text)) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`stream did not show ${until} in time; got: ${text}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), remaining)),
      ]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error(`stream ended; got: ${text}`);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text;
  };
  return { res, waitFor, close: () => controller.abort() };
}

/** The data of each `event: notification` frame in the text. */
export function notificationEvents(text: string): NotificationItem[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.includes('event: notification'))
    .map((frame) => JSON.parse(frame.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as NotificationItem);
}

/**
 * Opens the stream with one ticket from every base URL at once (the same URL may be listed more
 * than once) and answers each attempt's HTTP status; every stream that opened is closed again.
 */
export async function raceStreams(baseUrls: readonly string[], ticket: string): Promise<number[]> {
  const controllers = baseUrls.map(() => new AbortController());
  try {
    return await Promise.all(
      baseUrls.map(async (baseUrl, i) => {
        const res = await fetch(`${baseUrl}${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(ticket)}`, {
          signal: controllers[i]!.signal,
        });
        return res.status;
      }),
    );
  } finally {
    for (const c of controllers) c.abort();
  }
}
