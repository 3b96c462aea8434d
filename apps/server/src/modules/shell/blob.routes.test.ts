import { BLOB_CONTAINERS } from '@orchard/shared/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createUser } from '../../../test/helpers/fixtures';
import { blobs } from '../../db/schema/index';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('shell: GET /api/blobs/:container/:id', () => {
  let t: TestApp;
  let owner: { id: number };
  let colleague: { id: number };
  let stranger: { id: number };
  let loner: { id: number };
  let logoId: string;
  let avatarId: string;
  let lonerAvatarId: string;
  let dormantLogoId: string;
  let ownerlessId: string;
  let updateId: string;

  const insertBlob = async (values: Partial<typeof blobs.$inferInsert> & { container: string }) => {
    const bytes = values.bytes ?? PNG;
    const [row] = await t.db
      .insert(blobs)
      .values({ contentType: 'image/png', bytes, size: bytes.length, ...values })
      .returning({ id: blobs.id });
    return row!.id;
  };
  const fetchBlob = async (userId: number | null, container: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/blobs/${container}/${id}`, headers: userId === null ? {} : await t.bearer(userId) });

  beforeAll(async () => {
    t = await createTestApp();
    const orgA = await createOrganization(t.db, 'Blob Org A');
    const orgB = await createOrganization(t.db, 'Blob Org B');
    const dormant = await createOrganization(t.db, 'Blob Dormant', { isActive: false });
    owner = await createUser(t.db, 'blob-owner');
    colleague = await createUser(t.db, 'blob-colleague');
    stranger = await createUser(t.db, 'blob-stranger');
    loner = await createUser(t.db, 'blob-loner');
    await addMember(t.db, owner.id, orgA.id);
    await addMember(t.db, owner.id, dormant.id);
    await addMember(t.db, colleague.id, orgA.id);
    await addMember(t.db, stranger.id, orgB.id);
    await addMember(t.db, stranger.id, dormant.id);

    logoId = await insertBlob({ container: BLOB_CONTAINERS.logo, organizationId: orgA.id });
    avatarId = await insertBlob({ container: BLOB_CONTAINERS.avatar, ownerUserId: owner.id, contentType: 'image/jpeg' });
    lonerAvatarId = await insertBlob({ container: BLOB_CONTAINERS.avatar, ownerUserId: loner.id });
    dormantLogoId = await insertBlob({ container: BLOB_CONTAINERS.logo, organizationId: dormant.id });
    ownerlessId = await insertBlob({ container: BLOB_CONTAINERS.avatar });
    updateId = await insertBlob({
      container: BLOB_CONTAINERS.update,
      organizationId: orgA.id,
      contentType: 'application/zip',
      bytes: Buffer.from('PK\u0003\u0004zip'),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves an organisation's blob to its members with its content type, inline, nosniff and no-store", async () => {
    for (const userId of [owner.id, colleague.id]) {
      const res = await fetchBlob(userId, BLOB_CONTAINERS.logo, logoId);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("hides an organisation's blob from non-members, and from everyone once the organisation is inactive", async () => {
    expect((await fetchBlob(stranger.id, BLOB_CONTAINERS.logo, logoId)).statusCode).toBe(404);
    expect((await fetchBlob(loner.id, BLOB_CONTAINERS.logo, logoId)).statusCode).toBe(404);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.logo, dormantLogoId)).statusCode).toBe(404);
  });

  it("serves a user's avatar to the owner and to anyone sharing an active organisation with them", async () => {
    const mine = await fetchBlob(owner.id, BLOB_CONTAINERS.avatar, avatarId);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect((await fetchBlob(colleague.id, BLOB_CONTAINERS.avatar, avatarId)).statusCode).toBe(200);
    // the owner and the stranger share only an inactive organisation
    const res = await fetchBlob(stranger.id, BLOB_CONTAINERS.avatar, avatarId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    // a user in no organisation still sees their own avatar, and nobody else does
    expect((await fetchBlob(loner.id, BLOB_CONTAINERS.avatar, lonerAvatarId)).statusCode).toBe(200);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.avatar, lonerAvatarId)).statusCode).toBe(404);
  });

  it('answers 404 when the container does not match, for unknown ids and for blobs owned by nobody', async () => {
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.avatar, logoId)).statusCode).toBe(404);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.logo, avatarId)).statusCode).toBe(404);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.logo.toLowerCase(), logoId)).statusCode).toBe(404);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.logo, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.avatar, ownerlessId)).statusCode).toBe(404);
  });

  it('offers anything but a raster image as a download', async () => {
    const res = await fetchBlob(owner.id, BLOB_CONTAINERS.update, updateId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${updateId}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('rejects a malformed id with 400 and an anonymous caller with 401', async () => {
    expect((await fetchBlob(owner.id, BLOB_CONTAINERS.logo, 'not-a-uuid')).statusCode).toBe(400);
    expect((await fetchBlob(null, BLOB_CONTAINERS.logo, logoId)).statusCode).toBe(401);
  });
});
