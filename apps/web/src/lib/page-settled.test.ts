import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackModuleLoad } from './module-loads';
import { onPageSettled, PAGE_QUIET_MS } from './page-settled';

/** A query of `key` that answers when `answer()` is called. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: () => void;
  const done = client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))) });
  return { answer: () => answer(), done };
}

/** Lets `ms` of fake time pass, with the promises and timers due in it. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('onPageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for every query being fetched, then for the quiet time, and calls once', async () => {
    const client = new QueryClient();
    const schedule = pendingQuery(client, 'schedule');
    const capacities = pendingQuery(client, 'capacities');
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    await pass(PAGE_QUIET_MS * 3);
    expect(then).not.toHaveBeenCalled();
    schedule.answer();
    await pass(PAGE_QUIET_MS * 3);
    expect(then).not.toHaveBeenCalled();
    capacities.answer();
    await pass(PAGE_QUIET_MS - 10);
    expect(then).not.toHaveBeenCalled();
    await pass(20);
    expect(then).toHaveBeenCalledTimes(1);
    // a later query changes nothing: settled once
    const later = pendingQuery(client, 'later');
    later.answer();
    await pass(PAGE_QUIET_MS * 3);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('does not count the queries it is told to ignore', async () => {
    const client = new QueryClient();
    pendingQuery(client, 'bell');
    const then = vi.fn();
    onPageSettled(client, then, { ignore: (key) => key[0] === 'bell', maxMs: 60_000 });
    await pass(PAGE_QUIET_MS + 10);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for a screen module being loaded', async () => {
    const client = new QueryClient();
    let finish!: () => void;
    const load = trackModuleLoad(new Promise<void>((resolve) => (finish = resolve)));
    await pass(0);
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    await pass(PAGE_QUIET_MS * 3);
    expect(then).not.toHaveBeenCalled();
    finish();
    await load;
    await pass(PAGE_QUIET_MS + 10);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('a request that an answer leads to a few tasks later (the render it causes) keeps it waiting', async () => {
    const client = new QueryClient();
    const first = pendingQuery(client, 'first');
    const then = vi.fn();
    onPageSettled(client, then, { maxMs: 60_000 });
    let next: ReturnType<typeof pendingQuery> | undefined;
    void first.done.then(() => {
      // the query cache tells React on a later task; the render mounts the next query in an effect
      setTimeout(() => setTimeout(() => (next = pendingQuery(client, 'next')), 40), 0);
    });
    first.answer();
    await pass(PAGE_QUIET_MS * 3);
    expect(next).toBeDefined();
    expect(then).not.toHaveBeenCalled();
    next!.answer();
    await pass(PAGE_QUIET_MS + 10);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after maxMs, and a cancelled wait never calls', async () => {
    const client = new QueryClient();
    const slow = pendingQuery(client, 'slow');
    const then = vi.fn();
    const cancelled = vi.fn();
    onPageSettled(client, then, { maxMs: 2000 });
    onPageSettled(client, cancelled, { maxMs: 2000 })();
    await pass(1999);
    expect(then).not.toHaveBeenCalled();
    await pass(1);
    expect(then).toHaveBeenCalledTimes(1);
    slow.answer();
    await pass(PAGE_QUIET_MS * 3);
    expect(then).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
