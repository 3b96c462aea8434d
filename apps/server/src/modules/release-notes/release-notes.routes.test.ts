import { RELEASE_NOTES_PATHS } from '@orchard/shared/release-notes';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/fixtures';
import { releaseNoteDismissals, releaseNotes } from '../../db/schema/index';
import { sanitizeReleaseNote } from './release-notes.service';

const dismissPath = (id: number | string) => RELEASE_NOTES_PATHS.dismissal.replace(':id', String(id));
const DAY = 86_400_000;

describe('release notes', () => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  const as = async (userId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.bearer(userId)), ...(options.headers ?? {}) } });
  const current = async (userId: number) => {
    const res = await as(userId, { method: 'GET', url: RELEASE_NOTES_PATHS.current });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { releaseNote: { id: number; release_Notes: string } | null };
  };
  const dismiss = (userId: number, id: number | string) => as(userId, { method: 'PUT', url: dismissPath(id) });
  const addNote = async (notes: string, publishedAt: Date) => {
    const [row] = await t.db.insert(releaseNotes).values({ notes, publishedAt }).returning();
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await createUser(t.db, 'rn-alice')).id;
    bob = (await createUser(t.db, 'rn-bob')).id;
  });
  beforeEach(async () => {
    await t.db.delete(releaseNoteDismissals);
    await t.db.delete(releaseNotes);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers none when there is no note', async () => {
    expect(await current(alice)).toEqual({ releaseNote: null });
  });

  it('answers the newest published note the user has not dismissed; a note published later does not show yet', async () => {
    const now = Date.now();
    const older = await addNote('<p>Older</p>', new Date(now - 3 * DAY));
    const newer = await addNote('<p>Newer</p>', new Date(now - DAY));
    await addNote('<p>Future</p>', new Date(now + 3 * DAY));
    expect(await current(alice)).toEqual({ releaseNote: { id: newer, release_Notes: '<p>Newer</p>' } });

    expect((await dismiss(alice, newer)).statusCode).toBe(204);
    expect(await current(alice)).toEqual({ releaseNote: { id: older, release_Notes: '<p>Older</p>' } });
    expect((await dismiss(alice, older)).statusCode).toBe(204);
    expect(await current(alice)).toEqual({ releaseNote: null });
  });

  it('dismisses per user and idempotently', async () => {
    const id = await addNote('<p>Shared note</p>', new Date(Date.now() - DAY));
    expect((await dismiss(alice, id)).statusCode).toBe(204);
    expect((await dismiss(alice, id)).statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(releaseNoteDismissals)
      .where(and(eq(releaseNoteDismissals.userId, alice), eq(releaseNoteDismissals.releaseNoteId, id)));
    expect(rows).toHaveLength(1);
    expect((await current(alice)).releaseNote).toBeNull();
    expect((await current(bob)).releaseNote?.id).toBe(id);
  });

  it('answers 404 for an unknown note or one not yet published, and 400 for a malformed id', async () => {
    const future = await addNote('<p>Future</p>', new Date(Date.now() + DAY));
    for (const id of [future + 1000, future]) {
      const res = await dismiss(alice, id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(await t.db.select().from(releaseNoteDismissals)).toEqual([]);
    expect((await dismiss(alice, 'abc')).statusCode).toBe(400);
    expect((await dismiss(alice, 0)).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const id = await addNote('<p>Note</p>', new Date(Date.now() - DAY));
    expect((await t.app.inject({ method: 'GET', url: RELEASE_NOTES_PATHS.current })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: dismissPath(id) })).statusCode).toBe(401);
    expect(await t.db.select().from(releaseNoteDismissals)).toEqual([]);
  });

  it('sanitises the HTML: no script, event handler, style or javascript: link reaches the answer', async () => {
    await addNote(
      [
        '<h2 onclick="steal()">New</h2>',
        '<script>alert(1)</script>',
        '<p>Fast <strong>reports</strong><img src="x" onerror="alert(2)"></p>',
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.test/docs" onmouseover="alert(4)">docs</a>',
        '<iframe src="https://example.test"></iframe><style>body{display:none}</style>',
      ].join(''),
      new Date(Date.now() - DAY),
    );
    const html = (await current(alice)).releaseNote!.release_Notes;
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|<style|<img|alert/i);
    expect(html).toContain('<h2>New</h2>');
    expect(html).toContain('<p>Fast <strong>reports</strong></p>');
    expect(html).toContain('<a href="https://example.test/docs" target="_blank" rel="noopener noreferrer">docs</a>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">bad</a>');
  });

  it('keeps plain formatting unchanged', () => {
    const html = '<h2>What is new</h2><ul><li><strong>A</strong>: <em>b</em></li></ul><p>c<br />d</p>';
    expect(sanitizeReleaseNote(html)).toBe(html);
  });
});
