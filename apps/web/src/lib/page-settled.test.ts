import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackModuleLoad } from './module-loads';
import { onPageSettled } from './page-settled';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A query of `key` that answers when `answer()` is called. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: () => void;
  const done = client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))) });
  return { answer: () => answer(), done };
}

describe('onPageSettled', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await flush();
  });

  it('waits for every query being fetched, then calls once on a later task', async () => {
    const client = new QueryClient();
    const schedule = pendingQuery(client, 'schedule');
    const capacities = pendingQuery(client, 'capacities');
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    await flush();
    expect(then).not.toHaveBeenCalled();
    schedule.answer();
    await schedule.done;
    await flush();
    expect(then).not.toHaveBeenCalled();
    capacities.answer();
    await capacities.done;
    expect(then).not.toHaveBeenCalled();
    await flush();
    expect(then).toHaveBeenCalledTimes(1);
    // a later query changes nothing: settled once
    const later = pendingQuery(client, 'later');
    later.answer();
    await later.done;
    await flush();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not count the queries it is told to ignore', async () => {
    const client = new QueryClient();
    const own = pendingQuery(client, 'bell');
    const then = vi.fn();
    onPageSettled(client, then, { ignore: (key) => key[0] === 'bell', maxMs: 60_000 });
    await flush();
    expect(then).toHaveBeenCalledTimes(1);
    own.answer();
    await own.done;
  });

  it('waits for a screen module being loaded', async () => {
    const client = new QueryClient();
    let finish!: () => void;
    const load = trackModuleLoad(new Promise<void>((resolve) => (finish = resolve)));
    await flush();
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    await flush();
    expect(then).not.toHaveBeenCalled();
    finish();
    await load;
    await flush();
    await flush();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('a query started in the same task as the last answer keeps it waiting', async () => {
    const client = new QueryClient();
    const first = pendingQuery(client, 'first');
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    first.answer();
    await first.done;
    // the render that follows an answer asks for the next thing before the check runs
    const next = pendingQuery(client, 'next');
    await flush();
    expect(then).not.toHaveBeenCalled();
    next.answer();
    await next.done;
    await flush();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after maxMs, and a cancelled wait never calls', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const slow = pendingQuery(client, 'slow');
    const then = vi.fn();
    const cancelled = vi.fn();
    onPageSettled(client, then, { maxMs: 2000 });
    onPageSettled(client, cancelled, { maxMs: 2000 })();
    await vi.advanceTimersByTimeAsync(1999);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledTimes(1);
    slow.answer();
    await slow.done;
    await vi.advanceTimersByTimeAsync(10);
    expect(then).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
