import { describe, expect, it } from 'vitest';
import { NOTIFICATION_POLL_MS } from '../../lib/ui-constants';
import { NOTIFICATION_POLL_MAX_MS, nextPollDelay } from './use-notification-stream';

describe('polling while the stream is down', () => {
  it('polls every 10 s', () => {
    expect(NOTIFICATION_POLL_MS).toBe(10_000);
    expect(nextPollDelay(0, false)).toBe(NOTIFICATION_POLL_MS);
    expect(nextPollDelay(NOTIFICATION_POLL_MS, false)).toBe(NOTIFICATION_POLL_MS);
  });
  it('backs off while polls fail, up to the cap, and returns to 10 s after one succeeds', () => {
    let delay = nextPollDelay(0, true);
    const seen = [delay];
    for (let i = 0; i < 5; i += 1) {
      delay = nextPollDelay(delay, true);
      seen.push(delay);
    }
    expect(seen).toEqual([10_000, 20_000, 40_000, 80_000, NOTIFICATION_POLL_MAX_MS, NOTIFICATION_POLL_MAX_MS]);
    expect(nextPollDelay(delay, false)).toBe(NOTIFICATION_POLL_MS);
  });
});
