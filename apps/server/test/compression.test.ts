/**
 * Compressed JSON answers over the whole route inventory (plugins/compression.ts): every GET route,
 * called as the demo administrator on the seeded demo world, answers the same status and the same
 * JSON whether the caller accepts Brotli, only gzip or nothing; the large answers really go out
 * compressed, and the small ones as they are. The app's clock stands still, so answers that show
 * "now" are the same in all three calls.
 */
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema/index';
import { seedDemoData } from '../src/db/seed/index';
import { MIN_COMPRESSED_BYTES } from '../src/plugins/compression';
import { isServerPath } from '../src/plugins/web-app';
import { createTestApp, type TestApp } from './helpers/app';
import { fillPath } from './helpers/tenant-matrix';

const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed JSON answers', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    const now = new Date('2025-06-30T08:00:00Z');
    // kept answers off: every call below is made by its route, so each encoding is the route's own
    t = await createTestApp({}, { clock: { now: () => now } });
    await seedDemoData(t.handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const [org] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    headers = await t.headersFor(admin!.id, org!.id);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** an error envelope names its own request; everything else must be the same */
  const sameness = (body: unknown) => {
    if (body && typeof body === 'object' && 'requestId' in body) return { ...body, requestId: 'any' };
    return body;
  };
  const decode = (raw: Buffer, encoding: unknown) =>
    encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;

  it('every GET route answers the same JSON in Brotli, in gzip and as it is; large answers compressed, small ones not', async () => {
    // the server's own routes (the web app's files, when a build is there, are plugins/web-app.test.ts's)
    const reads = t.app.routeInventory.filter((r) => r.method === 'GET' && isServerPath(r.url) && !r.url.endsWith('/stream'));
    expect(reads.length).toBeGreaterThan(80);
    const compressed: string[] = [];
    for (const r of reads) {
      const url = fillPath(r.url);
      const plain = await t.app.inject({ method: 'GET', url, headers });
      const type = String(plain.headers['content-type']);
      for (const acceptEncoding of [BROWSER, 'gzip']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': acceptEncoding } });
        expect(res.statusCode, url).toBe(plain.statusCode);
        if (!type.includes('application/json')) {
          expect(res.headers['content-encoding'], `${url}: files and streams go as they are`).toBeUndefined();
          continue;
        }
        const encoding = res.headers['content-encoding'];
        expect(sameness(JSON.parse(decode(res.rawPayload, encoding).toString('utf8'))), url).toEqual(sameness(plain.json()));
        if (plain.rawPayload.length >= MIN_COMPRESSED_BYTES) {
          expect(encoding, url).toBe(acceptEncoding === 'gzip' ? 'gzip' : 'br');
          expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
          expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
          expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
          if (acceptEncoding === 'gzip') compressed.push(url);
        } else {
          expect(encoding, url).toBeUndefined();
        }
      }
      expect(plain.headers['content-encoding'], `${url}: a caller that accepts nothing gets the answer as it is`).toBeUndefined();
    }
    // the demo world's lists and reports: a sweep that compressed nothing would prove nothing
    expect(compressed.length).toBeGreaterThan(20);
  }, 120_000);

  it("obeys the caller's q-values: q=0 refuses an encoding, identity alone gets the answer as it is", async () => {
    const url = '/api/scouting/sessions';
    const ask = (acceptEncoding: string) => t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': acceptEncoding } });
    expect((await ask('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await ask('gzip;q=0.5, br;q=0.9')).headers['content-encoding']).toBe('br');
    expect((await ask('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();
    expect((await ask('deflate')).headers['content-encoding']).toBeUndefined();
    const plain = await ask('identity');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });
});
