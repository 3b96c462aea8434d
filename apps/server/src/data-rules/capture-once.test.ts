import { describe, expect, it } from 'vitest';
import type { AppDb } from '../db/client';
import { captureOnce, captureRules, type CaptureSteps } from './capture-once';
import { PG_ERROR_CODES } from '../db/pg-errors';

const TAKEN = 'This capture id belongs to a row you cannot see';

/** A database whose transaction hands itself to the callback: the steps below never query it. */
const db = { transaction: (f: (tx: unknown) => unknown) => f(db) } as unknown as AppDb;

/** Rows by id, the ids the caller may see, and the id stored under the client id (if any). */
function store(options: { storedId?: number | null; visible?: number[]; raceWith?: number }) {
  const rows = new Map<number, { id: number }>();
  let byClientId = options.storedId ?? null;
  if (byClientId !== null) rows.set(byClientId, { id: byClientId });
  const visible = new Set(options.visible ?? (byClientId !== null ? [byClientId] : []));
  let inserts = 0;
  const steps: CaptureSteps<{ id: number }> = {
    findByClientId: () => Promise.resolve(byClientId),
    read: (_db, id) => Promise.resolve(visible.has(id) ? (rows.get(id) ?? null) : null),
    insert: () => {
      inserts++;
      if (options.raceWith !== undefined) {
        // another send of the same capture stored it first: the unique index refuses this one
        byClientId = options.raceWith;
        rows.set(options.raceWith, { id: options.raceWith });
        visible.add(options.raceWith);
        return Promise.reject(Object.assign(new Error('duplicate key'), { code: PG_ERROR_CODES.uniqueViolation }));
      }
      const id = 100;
      rows.set(id, { id });
      visible.add(id);
      return Promise.resolve(id);
    },
  };
  return { steps, inserts: () => inserts };
}

describe('captureOnce', () => {
  it('stores a new capture and answers it as created', async () => {
    const s = store({});
    await expect(captureOnce(db, { area: 'field-capture', clientIdTaken: TAKEN }, s.steps)).resolves.toEqual({ row: { id: 100 }, created: true });
    expect(s.inserts()).toBe(1);
  });

  it('answers the stored row, not created, when the client id was stored already', async () => {
    const s = store({ storedId: 5 });
    await expect(captureOnce(db, { area: 'field-capture', clientIdTaken: TAKEN }, s.steps)).resolves.toEqual({ row: { id: 5 }, created: false });
    expect(s.inserts()).toBe(0);
  });

  it('refuses with 409 and the given message when the stored row is one the caller cannot see', async () => {
    const s = store({ storedId: 5, visible: [] });
    await expect(captureOnce(db, { area: 'field-capture', clientIdTaken: TAKEN }, s.steps)).rejects.toMatchObject({ statusCode: 409, message: TAKEN });
  });

  it('answers the row a racing send stored first', async () => {
    const s = store({ raceWith: 9 });
    await expect(captureOnce(db, { area: 'field-capture', clientIdTaken: TAKEN }, s.steps)).resolves.toEqual({ row: { id: 9 }, created: false });
  });
});

describe('captureRules', () => {
  it('binds an area\'s messages to the capture and version rules', async () => {
    const rules = captureRules({ area: 'field-capture', stale: 'Changed meanwhile', clientIdTaken: TAKEN });
    await expect(rules.captureOnce(db, store({ storedId: 5, visible: [] }).steps)).rejects.toMatchObject({ statusCode: 409, message: TAKEN });
    expect(() => rules.checkVersion({ version: 2 }, 1, 'Line')).toThrow('Changed meanwhile');
    expect(rules.stale()).toMatchObject({ statusCode: 412, message: 'Changed meanwhile' });
  });
});
