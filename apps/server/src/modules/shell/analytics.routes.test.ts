/** Page views reach a configured external analytics endpoint after they are stored. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createUser } from '../../../test/helpers/fixtures';

describe('page views forwarded to an analytics endpoint', () => {
  let t: TestApp;
  let sink: http.Server;
  const received: unknown[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    sink = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(204).end();
        arrived();
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    const { port } = sink.address() as AddressInfo;
    t = await createTestApp({ analyticsUrl: `http://127.0.0.1:${port}/collect` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => sink.close(r));
  });

  it('posts the final path, the organisation and the time, and nothing about the user', async () => {
    const org = await createOrganization(t.db, 'Analytics Org');
    const user = await createUser(t.db, 'analytics-user');
    await addMember(t.db, user.id, org.id);
    const delivered = new Promise<void>((r) => (arrived = r));
    const res = await t.app.inject({
      method: 'POST',
      url: SHELL_PATHS.pageViews,
      headers: await t.headersFor(user.id, org.id),
      payload: { path: '/dashboard' },
    });
    expect(res.statusCode).toBe(204);
    await delivered;
    expect(received).toEqual([
      {
        method: 'POST',
        contentType: 'application/json',
        body: { path: '/dashboard', organizationId: org.id, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      },
    ]);
    expect(JSON.stringify(received)).not.toContain('analytics-user');
  });

  it('answers the browser even when the analytics endpoint is down', async () => {
    const down = await createTestApp({ analyticsUrl: 'http://127.0.0.1:9/collect' });
    try {
      const org = await createOrganization(down.db, 'Analytics Down Org');
      const user = await createUser(down.db, 'analytics-down');
      await addMember(down.db, user.id, org.id);
      const res = await down.app.inject({
        method: 'POST',
        url: SHELL_PATHS.pageViews,
        headers: await down.headersFor(user.id, org.id),
        payload: { path: '/dashboard' },
      });
      expect(res.statusCode).toBe(204);
    } finally {
      await down.close();
    }
  });
});
