import { AVATAR_MAX_BYTES, BLOB_CONTAINERS, PERMISSIONS, USER_MESSAGES } from '@orchard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { blobs, users } from '../../db/schema/index';

/** A PNG signature and IHDR chunk, padded with zeros to `size` bytes: a PNG by its content. */
function pngOfSize(size: number): Buffer {
  const head = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
}

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----avatar-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('users API: avatar upload', () => {
  let t: TestApp;
  let orgA: number;
  let admin: number;
  let plain: number;
  let target: number;
  let outsider: number;

  const upload = async (who: number, userId: number, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}/avatar`,
      payload: body.payload,
      headers: { ...(await t.headersFor(who, orgA)), ...body.headers },
    });
  const avatarOf = async (userId: number) =>
    (await t.db.select({ a: users.avatarBlobId }).from(users).where(eq(users.id, userId)))[0]!.a;

  beforeAll(async () => {
    t = await createTestApp();
    orgA = (await createOrganization(t.db, 'Avatar Org A')).id;
    const orgB = (await createOrganization(t.db, 'Avatar Org B')).id;
    const manage = await createRole(t.db, orgA, 'Managers', [PERMISSIONS.usersManage, PERMISSIONS.usersView]);
    const viewOnly = await createRole(t.db, orgA, 'Viewers', [PERMISSIONS.usersView]);
    admin = (await createUser(t.db, 'avatar-admin')).id;
    plain = (await createUser(t.db, 'avatar-plain')).id;
    target = (await createUser(t.db, 'avatar-target')).id;
    outsider = (await createUser(t.db, 'avatar-outsider')).id;
    await addMember(t.db, admin, orgA, [manage.id]);
    await addMember(t.db, plain, orgA, [viewOnly.id]);
    await addMember(t.db, target, orgA, []);
    await addMember(t.db, outsider, orgB, []);
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a PNG of exactly 1,000,000 bytes, stores it as the avatar and serves it', async () => {
    const png = pngOfSize(AVATAR_MAX_BYTES);
    expect(png.length).toBe(1_000_000);
    const res = await upload(admin, target, multipart('me.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^[0-9a-f-]{36}$/);
    expect(await avatarOf(target)).toBe(avatar);
    const [blob] = await t.db.select().from(blobs).where(eq(blobs.id, avatar));
    expect(blob).toMatchObject({ container: BLOB_CONTAINERS.avatar, contentType: 'image/png', size: 1_000_000, ownerUserId: target, organizationId: null });
    const served = await t.app.inject({ method: 'GET', url: `/api/blobs/useravatar/${avatar}`, headers: await t.bearer(target) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses 1,000,001 bytes with 413 and keeps the avatar', async () => {
    const before = await avatarOf(target);
    const res = await upload(admin, target, multipart('big.png', 'image/png', pngOfSize(AVATAR_MAX_BYTES + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: USER_MESSAGES.avatarTooLarge });
    expect(await avatarOf(target)).toBe(before);
  });

  it('judges by content: an HTML file named x.png sent as image/png is refused with 415', async () => {
    const before = await avatarOf(target);
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await upload(admin, target, multipart('x.png', 'image/png', html));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.json().error.message).toBe(USER_MESSAGES.avatarNotImage);
    expect(await avatarOf(target)).toBe(before);
  });

  it('refuses other non-image content (a PDF named .jpg), an empty file and a non-multipart request', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect((await upload(admin, target, multipart('photo.jpg', 'image/jpeg', pdf))).statusCode).toBe(415);
    const empty = await upload(admin, target, multipart('empty.png', 'image/png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target}/avatar`,
      payload: { file: 'x' },
      headers: await t.headersFor(admin, orgA),
    });
    expect(json.statusCode).toBe(415);
  });

  it('accepts GIF, JPEG and WebP content and deletes the previous avatar blob', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]);
    for (const [bytes, type] of [[gif, 'image/gif'], [jpeg, 'image/jpeg'], [webp, 'image/webp']] as const) {
      const previous = await avatarOf(target);
      const res = await upload(admin, target, multipart('file.bin', 'application/octet-stream', bytes));
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      const [blob] = await t.db.select().from(blobs).where(eq(blobs.id, res.json().avatar));
      expect(blob!.contentType).toBe(type);
      if (previous) expect(await t.db.select().from(blobs).where(eq(blobs.id, previous))).toEqual([]);
    }
  });

  it('lets you upload your own avatar; others need users.manage; non-members are 404', async () => {
    const png = multipart('me.png', 'image/png', pngOfSize(100));
    expect((await upload(plain, plain, png)).statusCode).toBe(200);
    expect((await upload(plain, target, png)).statusCode).toBe(403);
    const hidden = await upload(admin, outsider, png);
    expect(hidden.statusCode).toBe(404);
    expect(await avatarOf(outsider)).toBeNull();
  });
});
