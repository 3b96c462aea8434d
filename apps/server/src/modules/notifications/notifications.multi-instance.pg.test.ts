/** Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances share one database. */
import { NOTIFICATIONS_PATHS } from '@orchard/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecondInstance, type SecondInstance } from '../../../test/helpers/second-instance';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createUser } from '../../../test/helpers/fixtures';
import { notifyUsers } from './notifications.service';
import { notificationEvents, openStream, raceStreams } from '../../../test/helpers/notification-stream';

describe('notifications across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: SecondInstance;
  let secondUrl: string;
  let firstUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    second = await openSecondInstance(t, { poolSize: 2 });
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
    firstUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a notification created through one instance reaches a stream opened on the other', async () => {
    const user = await createUser(t.db, 'notes-cluster');
    const ticket = await t.app.inject({ method: 'POST', url: NOTIFICATIONS_PATHS.streamTicket, headers: await t.bearer(user.id) });
    const stream = await openStream(secondUrl, ticket.json<{ ticket: string }>().ticket);
    try {
      await stream.waitFor(/event: ready/);
      await notifyUsers(t.db, { userIds: [user.id], organizationId: null, header: 'Across', body: 'instances' });
      const text = await stream.waitFor(/event: notification/);
      expect(notificationEvents(text)[0]).toMatchObject({ header: 'Across' });
      // the ticket, used on the second instance, is refused by the first too, at once
      const again = await t.app.inject({
        method: 'GET',
        url: `${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(ticket.json<{ ticket: string }>().ticket)}`,
      });
      expect(again.statusCode).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('two instances racing one ticket: exactly one stream opens in the whole cluster', async () => {
    const user = await createUser(t.db, 'notes-cluster-race');
    for (let round = 0; round < 3; round++) {
      const ticket = await t.app.inject({ method: 'POST', url: NOTIFICATIONS_PATHS.streamTicket, headers: await t.bearer(user.id) });
      // the same ticket presented to both instances at once, several times each
      const statuses = await raceStreams(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? firstUrl : secondUrl)), ticket.json<{ ticket: string }>().ticket);
      expect(statuses.filter((s) => s === 200), `round ${round}: ${statuses.join(',')}`).toHaveLength(1);
      expect(statuses.filter((s) => s === 401)).toHaveLength(11);
    }
  });
});
