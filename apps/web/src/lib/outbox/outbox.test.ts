import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffMs, createOutbox, isRefusal, type SendOutcome } from './outbox';
import { indexedDbOutboxStore, memoryOutboxStore, type OutboxEntry, type OutboxStore } from './outbox-store';

/** A server that keeps captures by clientId, as the API does: 201 the first time, 200 after. */
function fakeServer() {
  const rows = new Map<string, unknown>();
  const calls: string[] = [];
  /** answers to give instead of storing, in order (0: the network failed before the server saw it) */
  const scripted: SendOutcome[] = [];
  /** the server stores the capture but its answer is lost */
  let loseNextAnswer = false;
  const send = (entry: OutboxEntry): Promise<SendOutcome> => {
    calls.push(entry.clientId);
    const next = scripted.shift();
    if (next) return Promise.resolve(next);
    const known = rows.has(entry.clientId);
    rows.set(entry.clientId, entry.body);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return Promise.resolve({ status: 0 });
    }
    return Promise.resolve({ status: known ? 200 : 201 });
  };
  return {
    rows,
    calls,
    scripted,
    send,
    loseAnswer: () => {
      loseNextAnswer = true;
    },
  };
}

function setup(options: { store?: OutboxStore; online?: boolean; userId?: number | null } = {}) {
  const server = fakeServer();
  const state = { now: 1_000_000, online: options.online ?? true, userId: options.userId === undefined ? 7 : options.userId };
  const timers: { run: () => void; ms: number }[] = [];
  let ids = 0;
  const store = options.store ?? memoryOutboxStore();
  const outbox = createOutbox({
    store,
    send: server.send,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    now: () => state.now,
    isOnline: () => state.online,
    currentUserId: () => state.userId,
    setTimer: (run, ms) => {
      const t = { run, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      const i = timers.indexOf(t as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const capture = (n: number, userId = 7) => ({
    kind: 'scouting',
    path: '/api/scouting/sessions',
    body: { farmBlockId: n },
    summary: `capture ${n}`,
    userId,
    organizationId: 1,
  });
  return { outbox, server, state, timers, store, capture };
}

const settle = async (outbox: { flush: () => Promise<void> }) => {
  // enqueue starts a pass without waiting for it; a flush joins (and repeats) the running one
  await outbox.flush();
};

describe('outbox', () => {
  it('adds the capture id to the body and sends captures in the order they were taken', async () => {
    const { outbox, server, state, timers, capture } = setup({ online: false });
    const a = await outbox.enqueue(capture(1));
    const b = await outbox.enqueue(capture(2));
    const c = await outbox.enqueue(capture(3));
    expect(a.body).toEqual({ farmBlockId: 1, clientId: a.clientId });
    expect(outbox.entries().map((e) => e.clientId)).toEqual([a.clientId, b.clientId, c.clientId]);
    // offline: nothing goes, and no timer runs until the network is back
    await settle(outbox);
    expect(server.calls).toEqual([]);
    expect(timers).toEqual([]);
    state.online = true;
    await outbox.wake();
    expect(server.calls).toEqual([a.clientId, b.clientId, c.clientId]);
    expect(outbox.entries()).toEqual([]);
    expect([...server.rows.keys()]).toEqual([a.clientId, b.clientId, c.clientId]);
  });

  it('resends with the same capture id when an answer was lost, and the server keeps one row', async () => {
    const { outbox, server, state, timers, capture } = setup();
    server.loseAnswer();
    const sent: number[] = [];
    outbox.onSent((_, status) => sent.push(status));
    const a = await outbox.enqueue(capture(1));
    await settle(outbox);
    // stored on the server, but the outbox never heard: it keeps the capture and tries again later
    expect(server.rows.size).toBe(1);
    expect(outbox.entries()).toHaveLength(1);
    expect(outbox.entries()[0]).toMatchObject({ clientId: a.clientId, state: 'waiting', attempts: 1, nextAttemptAt: state.now + BACKOFF_MIN_MS });
    expect(timers.map((t) => t.ms)).toEqual([BACKOFF_MIN_MS]);
    state.now += BACKOFF_MIN_MS;
    timers[0]!.run();
    await settle(outbox);
    expect(server.calls).toEqual([a.clientId, a.clientId]);
    expect(sent).toEqual([200]);
    expect(server.rows.size).toBe(1);
    expect(outbox.entries()).toEqual([]);
  });

  it('keeps a refused capture with the server answer and still sends the ones after it', async () => {
    const { outbox, server, state, capture } = setup({ online: false });
    const refusal = { code: 'VALIDATION_FAILED', reason: 'field-day-in-future', message: 'The date cannot be in the future', details: [] };
    server.scripted.push({ status: 400, refusal });
    const a = await outbox.enqueue(capture(1));
    const b = await outbox.enqueue(capture(2));
    state.online = true;
    await outbox.wake();
    expect(server.calls).toEqual([a.clientId, b.clientId]);
    expect(outbox.entries()).toEqual([expect.objectContaining({ clientId: a.clientId, state: 'refused', refusal: { ...refusal, status: 400 } })]);
    // refused captures are not sent again on their own
    await outbox.wake();
    expect(server.calls).toHaveLength(2);
  });

  it.each([0, 401, 408, 429, 500, 503])('keeps the order after a %i: the pass stops and the capture waits its backoff', async (status) => {
    const { outbox, server, state, timers, capture } = setup({ online: false });
    server.scripted.push({ status });
    const a = await outbox.enqueue(capture(1));
    const b = await outbox.enqueue(capture(2));
    state.online = true;
    await outbox.flush();
    expect(server.calls).toEqual([a.clientId]);
    expect(outbox.entries().map((e) => [e.clientId, e.state])).toEqual([
      [a.clientId, 'waiting'],
      [b.clientId, 'waiting'],
    ]);
    // not before its time
    await outbox.flush();
    expect(server.calls).toEqual([a.clientId]);
    expect(timers.at(-1)!.ms).toBe(BACKOFF_MIN_MS);
    state.now += BACKOFF_MIN_MS;
    await outbox.flush();
    expect(server.calls).toEqual([a.clientId, a.clientId, b.clientId]);
    expect(outbox.entries()).toEqual([]);
  });

  it('sends at once when the network comes back, whatever the backoff', async () => {
    const { outbox, server, capture } = setup();
    server.scripted.push({ status: 0 }, { status: 0 }, { status: 0 });
    await outbox.enqueue(capture(1));
    for (let i = 0; i < 3; i++) await outbox.wake();
    expect(outbox.entries()[0]!.attempts).toBe(3);
    await outbox.wake();
    expect(server.calls).toHaveLength(4);
    expect(outbox.entries()).toEqual([]);
  });

  it('doubles the backoff per failure up to its maximum', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([BACKOFF_MIN_MS, 2 * BACKOFF_MIN_MS, 4 * BACKOFF_MIN_MS, 8 * BACKOFF_MIN_MS]);
    expect(backoffMs(40)).toBe(BACKOFF_MAX_MS);
  });

  it('counts 4xx answers as refusals except 401, 408 and 429', () => {
    expect([400, 403, 404, 409, 412, 413].every(isRefusal)).toBe(true);
    expect([0, 200, 201, 401, 408, 429, 500, 503].some(isRefusal)).toBe(false);
  });

  it('sends an edited refused capture again in its place, under a new id; a discarded one is gone', async () => {
    const { outbox, server, state, capture } = setup({ online: false });
    server.scripted.push({ status: 400 }, { status: 400 });
    const a = await outbox.enqueue(capture(1));
    const b = await outbox.enqueue(capture(2));
    state.online = true;
    await outbox.wake();
    expect(outbox.entries().map((e) => e.state)).toEqual(['refused', 'refused']);
    const edited = await outbox.resubmit(a.clientId, { farmBlockId: 10 }, 'capture 10');
    await settle(outbox);
    expect(edited!.clientId).not.toBe(a.clientId);
    expect(server.rows.get(edited!.clientId)).toEqual({ farmBlockId: 10, clientId: edited!.clientId });
    expect(server.rows.has(a.clientId)).toBe(false);
    await outbox.discard(b.clientId);
    expect(outbox.entries()).toEqual([]);
    // only refused captures are resubmitted
    expect(await outbox.resubmit(b.clientId, {}, '')).toBeNull();
  });

  it("sends only the signed-in user's captures", async () => {
    const { outbox, server, state, capture } = setup({ online: false });
    const mine = await outbox.enqueue(capture(1, 7));
    const theirs = await outbox.enqueue(capture(2, 8));
    state.online = true;
    await outbox.wake();
    expect(server.calls).toEqual([mine.clientId]);
    state.userId = null;
    await outbox.flush();
    expect(server.calls).toEqual([mine.clientId]);
    state.userId = 8;
    await outbox.flush();
    expect(server.calls).toEqual([mine.clientId, theirs.clientId]);
  });

  it('keeps captures in IndexedDB across a reload, in order, with their state', async () => {
    const name = `outbox-test-${Math.random()}`;
    const first = setup({ store: indexedDbOutboxStore(name), online: false });
    // a is refused, b meets no network, c is not reached
    first.server.scripted.push({ status: 400 }, { status: 0 });
    const a = await first.outbox.enqueue(first.capture(1));
    const b = await first.outbox.enqueue(first.capture(2));
    const c = await first.outbox.enqueue(first.capture(3));
    first.state.online = true;
    await first.outbox.wake();
    first.outbox.stop();

    const second = setup({ store: indexedDbOutboxStore(name), online: false });
    // until its store has been read, a new page's outbox knows of no capture: that is not "all sent"
    expect(second.outbox.loaded()).toBe(false);
    expect(second.outbox.entries()).toEqual([]);
    const heard: number[] = [];
    second.outbox.subscribe(() => heard.push(second.outbox.loaded() ? second.outbox.entries().length : -1));
    await second.outbox.load();
    expect(second.outbox.loaded()).toBe(true);
    // the first change its screens hear already has the store read, with the captures in it
    expect(heard[0]).toBe(3);
    expect(second.outbox.entries().map((e) => [e.clientId, e.state, e.attempts])).toEqual([
      [a.clientId, 'refused', 0],
      [b.clientId, 'waiting', 1],
      [c.clientId, 'waiting', 0],
    ]);
    second.state.online = true;
    await second.outbox.wake();
    expect(second.server.calls).toEqual([b.clientId, c.clientId]);
    expect((await indexedDbOutboxStore(name).all()).map((e) => e.clientId)).toEqual([a.clientId]);
  });
});
