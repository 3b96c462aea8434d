import { ALL_PERMISSIONS, BLOB_CONTAINERS, PERMISSIONS } from '@orchard/shared/core';
import { UPDATE_MAX_BYTES_DEFAULT, UPDATE_MESSAGES, UPDATES_PATHS } from '@orchard/shared/updates';
import { eq } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { loadConfig } from '../../config';
import { blobs, productUpdates } from '../../db/schema/index';

/** the limit the test server is configured with, so the boundary can be crossed cheaply */
const LIMIT = 10_000;

/** A gzip stream padded with zeros to `size` bytes: a gzip archive by its content. */
function gzipOfSize(size: number, text = 'update'): Buffer {
  const head = gzipSync(Buffer.from(text));
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
}

function multipart(fileName: string, contentType: string, bytes: Buffer, field = 'file') {
  const boundary = '----update-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('updates API: Upload Update', () => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  /** super users: a member of A, and one of B */
  let admin: number;
  let otherAdmin: number;
  /** Administrators of A and B holding every permission (system.update too), not super users */
  let orgAdmin: number;
  let orgAdminB: number;
  let plain: number;

  const upload = async (who: number, org: number, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: UPDATES_PATHS.upload,
      payload: body.payload,
      headers: { ...(await t.headersFor(who, org)), ...body.headers },
    });
  const pending = async (who: number, org: number) =>
    t.app.inject({ method: 'GET', url: UPDATES_PATHS.pending, headers: await t.headersFor(who, org) });
  const pendingRows = async () => t.db.select().from(productUpdates).where(eq(productUpdates.state, 'pending'));

  beforeAll(async () => {
    t = await createTestApp({ updateMaxBytes: LIMIT });
    orgA = (await createOrganization(t.db, 'Update Org A')).id;
    orgB = (await createOrganization(t.db, 'Update Org B')).id;
    const administrators = await createRole(t.db, orgA, 'Administrators', ALL_PERMISSIONS);
    const administratorsB = await createRole(t.db, orgB, 'Administrators B', ALL_PERMISSIONS);
    const others = await createRole(t.db, orgA, 'Others', [PERMISSIONS.systemClearCache, PERMISSIONS.usersManage]);
    admin = (await createUser(t.db, 'update-admin', { isSuperUser: true, fullName: 'Operator Canary Alpha' })).id;
    otherAdmin = (await createUser(t.db, 'update-admin-b', { isSuperUser: true })).id;
    orgAdmin = (await createUser(t.db, 'update-org-admin')).id;
    orgAdminB = (await createUser(t.db, 'update-org-admin-b')).id;
    plain = (await createUser(t.db, 'update-plain')).id;
    // the super user of A holds no role there: being a super user is what counts
    await addMember(t.db, admin, orgA, []);
    await addMember(t.db, otherAdmin, orgB, []);
    await addMember(t.db, orgAdmin, orgA, [administrators.id]);
    await addMember(t.db, orgAdminB, orgB, [administratorsB.id]);
    await addMember(t.db, plain, orgA, [others.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the server limit defaults to 50 MB and is configured by UPDATE_MAX_BYTES', () => {
    expect(UPDATE_MAX_BYTES_DEFAULT).toBe(50_000_000);
    expect(loadConfig({ NODE_ENV: 'test' }).updateMaxBytes).toBe(50_000_000);
    expect(loadConfig({ NODE_ENV: 'test', UPDATE_MAX_BYTES: '1234' }).updateMaxBytes).toBe(1234);
  });

  it('nothing is pending at first', async () => {
    const res = await pending(admin, orgA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pending: null });
  });

  it('refuses everyone but super users with 403, an Administrator holding system.update too, and stores nothing', async () => {
    for (const who of [plain, orgAdmin]) {
      const res = await upload(who, orgA, multipart('u.tar.gz', 'application/gzip', gzipOfSize(100)));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await pending(who, orgA)).statusCode).toBe(403);
    }
    expect(await pendingRows()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: UPDATES_PATHS.pending });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a super user needs no organisation: no header, or one naming an organisation they are not in', async () => {
    const bare = (await createUser(t.db, 'update-super-no-org', { isSuperUser: true })).id;
    const res = await t.app.inject({ method: 'GET', url: UPDATES_PATHS.pending, headers: await t.bearer(bare) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pending: null });
    expect((await pending(bare, orgB)).statusCode).toBe(200);
  });

  it('accepts an archive of exactly the limit, stores it under a server id and reports it pending', async () => {
    const file = gzipOfSize(LIMIT);
    const res = await upload(admin, orgA, multipart('../../evil name.tgz', 'text/plain', file));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ size: LIMIT, contentType: 'application/gzip', uploadedBy: expect.any(String) });
    const rows = await pendingRows();
    expect(rows).toHaveLength(1);
    const [blob] = await t.db.select().from(blobs).where(eq(blobs.id, rows[0]!.blobId!));
    expect(blob).toMatchObject({ container: BLOB_CONTAINERS.update, contentType: 'application/gzip', size: LIMIT, organizationId: null, ownerUserId: null });
    expect(blob!.bytes.equals(file)).toBe(true);
    expect(blob!.id).toMatch(/^[0-9a-f-]{36}$/);
    const state = await pending(admin, orgA);
    expect(state.json()).toEqual({ pending: body });
    // the file is not served through the blob route, not even to the uploader
    const served = await t.app.inject({ method: 'GET', url: `/api/blobs/${BLOB_CONTAINERS.update}/${blob!.id}`, headers: await t.bearer(admin) });
    expect(served.statusCode).toBe(404);
  });

  it('the pending update is system-wide: another super user sees it; no organisation administrator does, nor who uploaded it', async () => {
    const res = await pending(otherAdmin, orgB);
    expect(res.statusCode).toBe(200);
    expect(res.json().pending).toMatchObject({ uploadedBy: 'Operator Canary Alpha' });
    for (const [who, org] of [[orgAdminB, orgB], [orgAdmin, orgA]] as const) {
      const refused = await pending(who, org);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Canary');
    }
  });

  it('refuses one byte over the limit with 413 and keeps the pending update', async () => {
    const before = await pendingRows();
    const res = await upload(admin, orgA, multipart('big.tgz', 'application/gzip', gzipOfSize(LIMIT + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: UPDATE_MESSAGES.tooLarge, reason: 'update-too-large' });
    expect(await pendingRows()).toEqual(before);
  });

  it('judges the type by content: text named .zip is 415; an empty file and another field are 400, JSON 415', async () => {
    const before = await pendingRows();
    const text = await upload(admin, orgA, multipart('update.zip', 'application/zip', Buffer.from('just some text, not an archive')));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(UPDATE_MESSAGES.notArchive);
    expect((await upload(admin, orgA, multipart('e.tgz', 'application/gzip', Buffer.alloc(0)))).statusCode).toBe(400);
    expect((await upload(admin, orgA, multipart('u.tgz', 'application/gzip', gzipOfSize(50), 'other'))).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: UPDATES_PATHS.upload, payload: { file: 'x' }, headers: await t.headersFor(admin, orgA) });
    expect(json.statusCode).toBe(415);
    expect(await pendingRows()).toEqual(before);
  });

  it('a new upload replaces the pending one (from any organisation) and deletes the old file', async () => {
    const [old] = await pendingRows();
    const zip = Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(200)]);
    const tgz = gzipOfSize(300, 'second');
    const first = await upload(otherAdmin, orgB, multipart('next.tgz', 'application/octet-stream', tgz));
    expect(first.statusCode, first.body).toBe(201);
    const rows = await pendingRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(old!.id);
    expect(rows[0]!.size).toBe(300);
    const [retired] = await t.db.select().from(productUpdates).where(eq(productUpdates.id, old!.id));
    expect(retired).toMatchObject({ state: 'replaced', blobId: null });
    expect(await t.db.select().from(blobs).where(eq(blobs.id, old!.blobId!))).toEqual([]);
    expect((await pending(admin, orgA)).json().pending.id).toBe(rows[0]!.id);
    // another archive type, found by its bytes
    const second = await upload(admin, orgA, multipart('x.bin', 'application/octet-stream', zip));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().contentType).toBe('application/zip');
  });

  it('two uploads at once leave exactly one pending update and one update file', async () => {
    const results = await Promise.all([
      upload(admin, orgA, multipart('a.tgz', 'application/gzip', gzipOfSize(120, 'a'))),
      upload(otherAdmin, orgB, multipart('b.tgz', 'application/gzip', gzipOfSize(130, 'b'))),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await pendingRows()).toHaveLength(1);
    expect(await t.db.select({ id: blobs.id }).from(blobs).where(eq(blobs.container, BLOB_CONTAINERS.update))).toHaveLength(1);
  });
});
