/**
 * Photo download (docs/domain.md, Avatars): a picture the caller may see, re-encoded as the asked
 * type and named Photo-yyyy-MM-dd-HH-mm-ss.jpg in business time. The edges decided here: JPEG unless
 * PNG is asked for (anything else is a 400); transparency becomes white in a JPEG; a blob that is
 * not a picture, or that the caller may not see, answers 404 like one that does not exist.
 */
import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createUser } from '../../../test/helpers/fixtures';
import { blobs } from '../../db/schema/index';

// 05:06:07 UTC is 07:06:07 in the business time zone
const NOW = new Date('2026-03-04T05:06:07Z');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from('89504e47', 'hex');

describe('shell: GET /api/blobs/:container/:id/download', () => {
  let t: TestApp;
  let owner: { id: number };
  let colleague: { id: number };
  let stranger: { id: number };
  let avatarId: string;
  let updateId: string;
  let brokenId: string;

  const url = (container: string, id: string, query = '') => `${SHELL_PATHS.blobDownload.replace(':container', container).replace(':id', id)}${query}`;
  const download = async (userId: number | null, container: string, id: string, query = '') =>
    t.app.inject({ method: 'GET', url: url(container, id, query), headers: userId === null ? {} : await t.bearer(userId) });

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => NOW } });
    const orgA = await createOrganization(t.db, 'Photo Org A');
    const orgB = await createOrganization(t.db, 'Photo Org B');
    owner = await createUser(t.db, 'photo-owner');
    colleague = await createUser(t.db, 'photo-colleague');
    stranger = await createUser(t.db, 'photo-stranger');
    await addMember(t.db, owner.id, orgA.id);
    await addMember(t.db, colleague.id, orgA.id);
    await addMember(t.db, stranger.id, orgB.id);
    // a half-transparent red 4x3 picture, stored as WebP like every avatar
    const webp = await sharp({ create: { width: 4, height: 3, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer();
    const insert = async (values: Partial<typeof blobs.$inferInsert> & { container: string; bytes: Buffer; contentType: string }) =>
      (await t.db.insert(blobs).values({ size: values.bytes.length, ...values }).returning({ id: blobs.id }))[0]!.id;
    avatarId = await insert({ container: BLOB_CONTAINERS.avatar, ownerUserId: owner.id, contentType: 'image/webp', bytes: webp });
    updateId = await insert({ container: BLOB_CONTAINERS.avatar, ownerUserId: owner.id, contentType: 'application/zip', bytes: Buffer.from('PK\u0003\u0004zip') });
    brokenId = await insert({ container: BLOB_CONTAINERS.avatar, ownerUserId: owner.id, contentType: 'image/png', bytes: Buffer.from('89504e470d0a1a0a', 'hex') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the owner a JPEG named Photo-yyyy-MM-dd-HH-mm-ss.jpg in business time, transparency on white', async () => {
    const res = await download(owner.id, BLOB_CONTAINERS.avatar, avatarId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Photo-2026-03-04-07-06-07.jpg"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([4, 3, 3]);
    // half red on white: red stays high, green and blue about half-way
    expect(data[0]).toBeGreaterThan(240);
    expect(data[1]).toBeGreaterThan(100);
    expect(data[1]).toBeLessThan(160);
  });

  it('gives a PNG when asked, named .png and keeping its transparency', async () => {
    const res = await download(colleague.id, BLOB_CONTAINERS.avatar, avatarId, '?type=image%2Fpng');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Photo-2026-03-04-07-06-07.png"');
    expect(res.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it('answers 404 to whoever may not see the picture, and for what is not a picture', async () => {
    expect((await download(stranger.id, BLOB_CONTAINERS.avatar, avatarId)).statusCode).toBe(404);
    expect((await download(owner.id, BLOB_CONTAINERS.logo, avatarId)).statusCode).toBe(404);
    expect((await download(owner.id, BLOB_CONTAINERS.avatar, updateId)).statusCode).toBe(404);
    expect((await download(owner.id, BLOB_CONTAINERS.avatar, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses another type with 400, an anonymous caller with 401, and answers 404 for stored bytes that do not decode', async () => {
    expect((await download(owner.id, BLOB_CONTAINERS.avatar, avatarId, '?type=image%2Fsvg%2Bxml')).statusCode).toBe(400);
    expect((await download(null, BLOB_CONTAINERS.avatar, avatarId)).statusCode).toBe(401);
    expect((await download(owner.id, BLOB_CONTAINERS.avatar, brokenId)).statusCode).toBe(404);
  });
});
