/**
 * Every upload route of the route inventory (a route whose schema consumes multipart/form-data)
 * reads its file the one way (http/upload.ts), called as the demo administrator on the seeded demo
 * world: a malformed or unfinished form answers 400, a body that is not multipart 415, a file under
 * another field name than `file` or no file 400, and a file over the route's own limit 413, found
 * while the file is read; never a 5xx, and every refusal in the error envelope.
 */
import { errorEnvelopeSchema, UPLOAD_FILE_FIELD, UPLOAD_MESSAGES } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import { FIELD_IMPORT_KINDS } from '@orchard/shared/field-capture';
import { HARVEST_PATHS } from '@orchard/shared/harvest';
import { UPDATES_PATHS } from '@orchard/shared/updates';
import { USERS_PATHS } from '@orchard/shared/users';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema/index';
import { seedDemoData } from '../src/db/seed/index';
import type { RouteInventoryEntry } from '../src/plugins/route-policy';
import { createTestApp, type TestApp } from './helpers/app';

const BOUNDARY = '----orchard-upload-sweep';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** The route's own upload limit is used as it is; the update's (a setting) is kept small here so the sweep stays quick. */
const UPDATE_MAX_BYTES = 300_000;

/** A part of a form: a file when it has a filename, else a text field. */
interface Part {
  name: string;
  filename?: string;
  content: string | Buffer;
}

/** The form in two pieces, as a network read may give it: the first ends where the file's first `bytes` bytes end. */
function inPieces(body: Buffer, fileName: string, bytes: number): Readable {
  const at = body.indexOf(`filename="${fileName}"`);
  const split = body.indexOf('\r\n\r\n', at) + 4 + bytes;
  return Readable.from([body.subarray(0, split), body.subarray(split)]);
}

/** The form's bytes; `closed: false` leaves out the closing boundary (an upload cut short). */
function form(parts: Part[], closed = true): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n`,
    ),
    Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
    Buffer.from('\r\n'),
  ]);
  if (closed) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const file = (content: string | Buffer, name: string = UPLOAD_FILE_FIELD): Part => ({ name, filename: 'upload.csv', content });

describe('multipart uploads over the route inventory', () => {
  let t: TestApp;
  let adminId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // errors are logged, so a 5xx found here comes with the stack that caused it
    t = await createTestApp({ logLevel: 'error', updateMaxBytes: UPDATE_MAX_BYTES });
    await seedDemoData(t.handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const [org] = await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    adminId = admin!.id;
    headers = await t.headersFor(adminId, org!.id);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const uploadRoutes = (): RouteInventoryEntry[] => t.app.routeInventory.filter((r) => r.schema?.consumes?.includes('multipart/form-data'));

  /** the route's path, its one id (the avatar's user) the administrator's own */
  const urlOf = (route: RouteInventoryEntry) => route.url.replace(':id', String(adminId));

  const send = (route: RouteInventoryEntry, payload: Buffer | string | Readable | undefined, contentType: string | undefined = MULTIPART) =>
    t.app.inject({
      method: route.method as 'POST',
      url: urlOf(route),
      headers: contentType === undefined ? headers : { ...headers, 'content-type': contentType },
      ...(payload === undefined ? {} : { payload }),
    });

  /** a refusal with this status, in the error envelope; the text and the request sent, when not */
  const refused = (res: LightMyRequestResponse, status: number, what: string) => {
    const where = `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    expect(res.statusCode, where).toBe(status);
    const envelope = errorEnvelopeSchema.safeParse(res.json());
    expect(envelope.success, `no error envelope: ${where}`).toBe(true);
    return envelope.data!.error;
  };

  it('finds the upload routes in the inventory, each with its byte limit and field', () => {
    const urls = uploadRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThanOrEqual(10);
    expect(urls).toEqual(
      expect.arrayContaining([
        ...Object.values(FIELD_IMPORT_KINDS).map((kind) => `POST ${kind.path}`),
        `POST ${FARM_SETUP_PATHS.productionBlockImports}`,
        `POST ${HARVEST_PATHS.binImports}`,
        `PUT ${USERS_PATHS.avatar}`,
        `POST ${UPDATES_PATHS.upload}`,
      ]),
    );
    for (const route of uploadRoutes()) {
      expect(route.upload?.maxBytes, route.url).toBeGreaterThan(0);
      expect(route.upload?.field ?? UPLOAD_FILE_FIELD, route.url).toBe(UPLOAD_FILE_FIELD);
      expect(urlOf(route), `${route.url}: a path parameter the sweep cannot fill`).not.toContain(':');
    }
  });

  it('refuses a malformed or unfinished form with 400', async () => {
    for (const route of uploadRoutes()) {
      const at = `${route.method} ${route.url}`;
      refused(await send(route, 'abc'), 400, `${at} abc`);
      const noBoundary = refused(await send(route, 'abc', 'multipart/form-data'), 400, `${at} abc without a boundary`);
      expect(noBoundary.message, at).toBe(UPLOAD_MESSAGES.malformed);
      refused(await send(route, form([file('puc,code\r\nC1,B01\r\n')]), 'multipart/form-data'), 400, `${at} a form without its boundary`);
      const unfinished = refused(await send(route, form([file('puc,code\r\nC1,B01\r\n')], false)), 400, `${at} a form without its closing boundary`);
      expect(unfinished.message, at).toBe(UPLOAD_MESSAGES.malformed);
      refused(await send(route, form([file('puc,code\r\nC1,B01\r\n')]).subarray(0, 60)), 400, `${at} a form cut inside its headers`);
    }
  });

  it('refuses a body that is not multipart with 415, and a request without a body with 400', async () => {
    for (const route of uploadRoutes()) {
      const at = `${route.method} ${route.url}`;
      refused(await send(route, JSON.stringify({ file: 'x' }), 'application/json'), 415, `${at} JSON`);
      refused(await send(route, 'puc,code\r\nC1,B01\r\n', 'text/plain'), 415, `${at} text`);
      refused(await send(route, 'puc,code\r\nC1,B01\r\n', 'text/csv'), 415, `${at} CSV`);
      refused(await send(route, undefined, undefined), 400, `${at} no body`);
    }
  });

  it('refuses a file under another field name than `file`, and a form without a file, with 400', async () => {
    for (const route of uploadRoutes()) {
      const at = `${route.method} ${route.url}`;
      const other = refused(await send(route, form([file('puc,code\r\nC1,B01\r\n', 'upload')])), 400, `${at} field "upload"`);
      expect(other.message, at).toBe(UPLOAD_MESSAGES.wrongField(UPLOAD_FILE_FIELD));
      expect(other.details, at).toEqual([{ field: 'upload', message: UPLOAD_MESSAGES.wrongField(UPLOAD_FILE_FIELD), reason: 'upload-field-wrong' }]);
      // the route's own words for "choose a file", the same for a form with only a text field and an empty form
      const textOnly = refused(await send(route, form([{ name: UPLOAD_FILE_FIELD, content: 'not a file' }])), 400, `${at} a text field`);
      expect(textOnly.details?.[0]?.field, at).toBe(UPLOAD_FILE_FIELD);
      const empty = refused(await send(route, form([])), 400, `${at} an empty form`);
      expect(empty.message, at).toBe(textOnly.message);
      const bodyless = refused(await send(route, undefined, undefined), 400, `${at} no body`);
      expect(bodyless.message, at).toBe(textOnly.message);
    }
  });

  it('refuses a file one byte over the route limit with 413, and takes one at the limit to its own checks', async () => {
    for (const route of uploadRoutes()) {
      const at = `${route.method} ${route.url}`;
      const maxBytes = route.upload!.maxBytes;
      const over = form([file(Buffer.alloc(maxBytes + 1))]);
      refused(await send(route, over), 413, `${at} ${maxBytes + 1} bytes`);
      // the byte past the limit alone in the next piece: nothing of it reaches the file, and still 413
      refused(await send(route, inPieces(over, 'upload.csv', maxBytes)), 413, `${at} ${maxBytes + 1} bytes, the last in a piece of its own`);
      // zero bytes: each route's own first check (text, image, archive) refuses them at once
      const atLimit = await send(route, form([file(Buffer.alloc(maxBytes))]));
      expect(atLimit.statusCode, `${at} ${maxBytes} bytes: ${atLimit.body.slice(0, 300)}`).not.toBe(413);
      expect(atLimit.statusCode, at).toBeLessThan(500);
    }
  });

  it('refuses a 10.8 MB production block file with 413, before reading any line, however its pieces arrive', async () => {
    const route = uploadRoutes().find((r) => r.url === FARM_SETUP_PATHS.productionBlockImports)!;
    const line = 'C1,B99,Block 99,1.5,Navel,2015\r\n';
    const csv = `puc,code,name,ha,variety,planting_year\r\n${line.repeat(Math.ceil(10_800_000 / line.length))}`;
    const body = form([file(csv)]);
    expect(body.length).toBeGreaterThan(10_800_000);
    for (const [what, payload] of [
      ['at once', body],
      ['the first piece ending at the limit', inPieces(body, 'upload.csv', route.upload!.maxBytes)],
    ] as const) {
      const error = refused(await send(route, payload), 413, `10.8 MB of blocks, ${what}`);
      expect(error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge(route.upload!.maxBytes), reason: 'upload-too-large' });
    }
  });
});
