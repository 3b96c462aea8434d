import { NOTIFICATIONS_PATHS, type NotificationItem } from '@orchard/shared/notifications';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase } from '../../../test/helpers/tenant-matrix';
import { notifications, refreshTokens, usedStreamTickets, users } from '../../db/schema/index';
import { insertUsedTicket } from './notifications.repository';
import { notifyUsers } from './notifications.service';
import { openNotificationStream } from './notifications.stream';
import { createTicketLedger, USED_TICKET_KEEP_AFTER_EXPIRY_MS, verifyStreamTicket } from './notifications.ticket';
import { notificationEvents, openStream, raceStreams } from '../../../test/helpers/notification-stream';

describe('notifications', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (userId: number, url: string) => t.app.inject({ method: 'GET', url, headers: await t.bearer(userId) });
  const put = async (userId: number, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: await t.bearer(userId), payload });
  const ticketFor = async (userId: number) => {
    const res = await t.app.inject({ method: 'POST', url: NOTIFICATIONS_PATHS.streamTicket, headers: await t.bearer(userId) });
    expect(res.statusCode).toBe(201);
    expect(res.json().expiresIn).toBe(60);
    return res.json<{ ticket: string }>().ticket;
  };

  it('lists pinned first, then newest first; counts unread; filters by organisation', async () => {
    const user = await createUser(t.db, 'notes-order');
    const [n1, n2, n3, n4] = await t.db
      .insert(notifications)
      .values([
        { userId: user.id, header: 'oldest', body: 'b', createdAt: new Date('2024-01-01T00:00:00Z') },
        { userId: user.id, header: 'middle pinned', body: 'b', isPinned: true, createdAt: new Date('2024-01-02T00:00:00Z') },
        { userId: user.id, header: 'newest', body: 'b', isRead: true, createdAt: new Date('2024-01-03T00:00:00Z') },
        { userId: user.id, header: 'old pinned', body: 'b', isPinned: true, createdAt: new Date('2023-12-01T00:00:00Z') },
      ])
      .returning();
    const list = (await get(user.id, NOTIFICATIONS_PATHS.notifications)).json<NotificationItem[]>();
    expect(list.map((n) => n.id)).toEqual([n2!.id, n4!.id, n3!.id, n1!.id]);
    expect(list[0]).toEqual({
      id: n2!.id,
      organizationId: null,
      header: 'middle pinned',
      body: 'b',
      isRead: false,
      isPinned: true,
      date: '2024-01-02T00:00:00.000Z',
    });
    expect((await get(user.id, NOTIFICATIONS_PATHS.unreadCount)).json()).toEqual({ count: 3 });
    expect((await get(user.id, `${NOTIFICATIONS_PATHS.notifications}?limit=2`)).json()).toHaveLength(2);
  });

  it('pins, unpins, marks read and deletes own notifications; someone else\'s answer 404 and stay as they were', async () => {
    const owner = await createUser(t.db, 'notes-owner');
    const other = await createUser(t.db, 'notes-other');
    await notifyUsers(t.db, { userIds: [owner.id], organizationId: null, header: 'Hello', body: 'World' });
    const [note] = (await get(owner.id, NOTIFICATIONS_PATHS.notifications)).json<NotificationItem[]>();

    const pinned = await put(owner.id, `/api/notifications/${note!.id}/pin`, { isPinned: true });
    expect(pinned.json()).toMatchObject({ id: note!.id, isPinned: true });
    expect((await put(owner.id, `/api/notifications/${note!.id}/pin`, { isPinned: false })).json()).toMatchObject({ isPinned: false });
    expect((await put(owner.id, `/api/notifications/${note!.id}/read`, {})).json()).toMatchObject({ isRead: true });
    expect((await get(owner.id, NOTIFICATIONS_PATHS.unreadCount)).json()).toEqual({ count: 0 });

    for (const res of [
      await put(other.id, `/api/notifications/${note!.id}/pin`, { isPinned: true }),
      await put(other.id, `/api/notifications/${note!.id}/read`, { isRead: false }),
      await t.app.inject({ method: 'DELETE', url: `/api/notifications/${note!.id}`, headers: await t.bearer(other.id) }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, note!.id));
    expect(row).toMatchObject({ isPinned: false, isRead: true });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${note!.id}`, headers: await t.bearer(owner.id) });
    expect(del.statusCode).toBe(204);
    expect((await get(owner.id, NOTIFICATIONS_PATHS.notifications)).json()).toEqual([]);
    expect((await put(owner.id, `/api/notifications/${note!.id}/pin`, { isPinned: true })).statusCode).toBe(404);
  });

  it('notifyUsers: one row per distinct user, texts cut to their limits', async () => {
    const a = await createUser(t.db, 'notes-fan-a');
    const b = await createUser(t.db, 'notes-fan-b');
    await notifyUsers(t.db, { userIds: [a.id, b.id, a.id], organizationId: null, header: 'h'.repeat(500), body: 'x' });
    await notifyUsers(t.db, { userIds: [], organizationId: null, header: 'nobody', body: 'x' });
    const rowsA = await t.db.select().from(notifications).where(eq(notifications.userId, a.id));
    const rowsB = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(rowsA).toHaveLength(1);
    expect(rowsB).toHaveLength(1);
    expect(rowsA[0]!.header).toHaveLength(200);
  });

  it('a ticket opens the stream and a new notification arrives as an event; only the owner gets it', async () => {
    const user = await createUser(t.db, 'notes-live');
    const bystander = await createUser(t.db, 'notes-bystander');
    const stream = await openStream(baseUrl, await ticketFor(user.id));
    const watcher = await openStream(baseUrl, await ticketFor(bystander.id));
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('cache-control')).toBe('no-store');
      await stream.waitFor(/event: ready/);
      await watcher.waitFor(/event: ready/);
      await notifyUsers(t.db, { userIds: [user.id], organizationId: null, header: 'Live one', body: 'arrived' });
      const text = await stream.waitFor(/event: notification/);
      const [event] = notificationEvents(text);
      expect(event).toMatchObject({ header: 'Live one', body: 'arrived', isRead: false, isPinned: false });
      // inside a transaction, delivery waits for the commit; a rolled-back one never arrives
      await t.db
        .transaction(async (tx) => {
          await notifyUsers(tx, { userIds: [user.id], organizationId: null, header: 'Rolled back', body: 'x' });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await notifyUsers(t.db, { userIds: [user.id], organizationId: null, header: 'Second', body: 'x' });
      const after = await stream.waitFor(/Second/);
      expect(after).not.toContain('Rolled back');
      expect(notificationEvents(after).map((n) => n.header)).toEqual(['Live one', 'Second']);
      // the bystander's stream, open all along, received none of them
      await new Promise((r) => setTimeout(r, 200));
      expect(notificationEvents(await watcher.waitFor(/event: ready/))).toEqual([]);
    } finally {
      stream.close();
      watcher.close();
    }
  });

  /** a ticket asked in a session of its own, and that session's id */
  const ticketInSession = async (userId: number) => {
    const { sessionId, accessToken } = await t.openSession(userId);
    const res = await t.app.inject({ method: 'POST', url: NOTIFICATIONS_PATHS.streamTicket, headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode).toBe(201);
    return { sessionId, ticket: res.json<{ ticket: string }>().ticket };
  };
  const endSession = (sessionId: string) => t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, sessionId));

  it('a stream ends with the session it was opened in: nothing written after sign-out; the same user\'s other session keeps its stream', async () => {
    const user = await createUser(t.db, 'notes-signed-out');
    const ended = await ticketInSession(user.id);
    const other = await ticketInSession(user.id);
    const stream = await openStream(baseUrl, ended.ticket);
    const kept = await openStream(baseUrl, other.ticket);
    try {
      await stream.waitFor(/event: ready/);
      await kept.waitFor(/event: ready/);
      await endSession(ended.sessionId);
      await notifyUsers(t.db, { userIds: [user.id], organizationId: null, header: 'Your password was reset', body: 'x' });
      expect(notificationEvents(await kept.waitFor(/event: notification/)).map((n) => n.header)).toEqual(['Your password was reset']);
      await expect(stream.waitFor(/event: notification/)).rejects.toThrow(/stream ended/);
    } finally {
      stream.close();
      kept.close();
    }
    // a ticket asked in a session that has ended since opens nothing
    const late = await ticketInSession(user.id);
    await endSession(late.sessionId);
    const res = await t.app.inject({ method: 'GET', url: `${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(late.ticket)}` });
    expect(res.statusCode).toBe(401);
  });

  it('an open stream ends at its next heartbeat once the user is disabled, with nothing more written', async () => {
    const user = await createUser(t.db, 'notes-disabled-later');
    const { ticket } = await ticketInSession(user.id);
    const quietHub = { subscribe: () => () => undefined } as unknown as Parameters<typeof openNotificationStream>[2];
    const stream = await openNotificationStream(t.db, t.config, quietHub, { spend: async () => true }, ticket, { heartbeatMs: 50 });
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const ended = new Promise<void>((resolve) => stream.body.on('end', resolve));
    try {
      await expect.poll(() => text).toContain(': heartbeat');
      await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
      await ended;
      const written = text;
      await new Promise((r) => setTimeout(r, 150));
      expect(text).toBe(written);
    } finally {
      stream.close();
    }
  });

  it('refuses invalid, used, expired and non-stream tickets with 401', async () => {
    const user = await createUser(t.db, 'notes-tickets');
    const streamUrl = (ticket: string) => `${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(ticket)}`;
    const refused = async (ticket: string) => {
      const res = await t.app.inject({ method: 'GET', url: streamUrl(ticket) });
      expect(res.statusCode, ticket).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    };
    await refused('not-a-ticket');
    expect((await t.app.inject({ method: 'GET', url: NOTIFICATIONS_PATHS.stream })).statusCode).toBe(400);

    const ticket = await ticketFor(user.id);
    const first = await openStream(baseUrl, ticket);
    try {
      await first.waitFor(/event: ready/);
      await refused(ticket);
    } finally {
      first.close();
    }

    const expired = await new SignJWT({ typ: 'stream' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('orchard-ops')
      .setAudience('orchard-ops-notification-stream')
      .setJti('expired-ticket')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.config.jwtSecret);
    await refused(expired);
    // an access token is not a ticket
    await refused((await t.bearer(user.id)).authorization.slice(7));
    // a ticket of a user disabled since
    const disabled = await createUser(t.db, 'notes-disabled');
    const ticketOfDisabled = await ticketFor(disabled.id);
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.id, disabled.id));
    await refused(ticketOfDisabled);
    // the ticket endpoint needs a signed-in user
    expect((await t.app.inject({ method: 'POST', url: NOTIFICATIONS_PATHS.streamTicket })).statusCode).toBe(401);
  });

  it('a ticket opens one stream: of 20 simultaneous attempts exactly one opens, and the spent ticket is recorded with its expiry', async () => {
    const user = await createUser(t.db, 'notes-race');
    const ticket = await ticketFor(user.id);
    const statuses = await raceStreams(Array.from({ length: 20 }, () => baseUrl), ticket);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
    const verified = (await verifyStreamTicket(t.config, ticket))!;
    const rows = await t.db.select().from(usedStreamTickets).where(eq(usedStreamTickets.ticketId, verified.ticketId));
    expect(rows).toEqual([{ ticketId: verified.ticketId, expiresAt: new Date(verified.expiresAt * 1000) }]);
  });

  it('used tickets are purged now and then, once well past their expiry', async () => {
    const now = Date.now();
    const longGone = new Date(now - USED_TICKET_KEEP_AFTER_EXPIRY_MS - 60_000);
    const justExpired = new Date(now - 1000);
    expect(await insertUsedTicket(t.db, 'purge-long-gone', longGone)).toBe(true);
    expect(await insertUsedTicket(t.db, 'purge-just-expired', justExpired)).toBe(true);
    expect(await insertUsedTicket(t.db, 'purge-just-expired', justExpired)).toBe(false);
    // a new ledger purges on its first spend
    const ledger = createTicketLedger(t.db);
    expect(await ledger.spend({ ticketId: 'purge-fresh', expiresAt: Math.floor(now / 1000) + 60 })).toBe(true);
    expect(await ledger.spend({ ticketId: 'purge-fresh', expiresAt: Math.floor(now / 1000) + 60 })).toBe(false);
    const ids = async () => (await t.db.select({ id: usedStreamTickets.ticketId }).from(usedStreamTickets)).map((r) => r.id);
    await expect.poll(ids).not.toContain('purge-long-gone');
    // kept a while past expiry, so an instance whose clock runs a little behind still finds it spent
    expect(await ids()).toEqual(expect.arrayContaining(['purge-just-expired', 'purge-fresh']));
  });

  it("tenant matrix: B's member cannot touch A's notification", async () => {
    const world = await createTenantWorld(t);
    await notifyUsers(t.db, { userIds: [world.a.userId], organizationId: world.a.organizationId, header: world.a.canary, body: world.a.canary });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, world.a.userId));
    const unchanged = async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, note!.id));
      expect(row).toMatchObject({ isPinned: false, isRead: false, header: world.a.canary });
    };
    await runTenantCase(t, world, { name: 'pin', request: () => ({ method: 'PUT', url: `/api/notifications/${note!.id}/pin`, payload: { isPinned: true } }), expect: 'not-found', unchanged });
    await runTenantCase(t, world, { name: 'read', request: () => ({ method: 'PUT', url: `/api/notifications/${note!.id}/read`, payload: {} }), expect: 'not-found', unchanged });
    await runTenantCase(t, world, { name: 'delete', request: () => ({ method: 'DELETE', url: `/api/notifications/${note!.id}` }), expect: 'not-found', unchanged });
    for (const url of [NOTIFICATIONS_PATHS.notifications, `${NOTIFICATIONS_PATHS.notifications}?organizationId=${world.a.organizationId}`, NOTIFICATIONS_PATHS.unreadCount]) {
      const res = await runTenantCase(t, world, { name: url, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
      expect(res.statusCode).toBe(200);
    }
  });
});
