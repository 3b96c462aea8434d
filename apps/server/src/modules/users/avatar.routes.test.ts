import { AVATAR_MAX_BYTES, BLOB_CONTAINERS, PERMISSIONS } from '@orchard/shared/core';
import { USER_MESSAGES } from '@orchard/shared/users';
import { eq } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { blobs, users } from '../../db/schema/index';
import { AVATAR_STORED_PX } from './avatar.service';

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_CANARY = 'CANARY-PNG-COMMENT';

/**
 * A real 64x48 PNG of exactly `size` bytes: the picture plus a text chunk right after the header,
 * carrying a canary and padded to the size (any real image may carry such a comment).
 */
async function pngOfSize(size: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 20, g: 160, b: 60, alpha: 1 } } }).png().toBuffer();
  const text = Buffer.from(`Comment\0${PNG_CANARY} `, 'latin1');
  const padding = size - picture.length - 12 - text.length;
  const comment = pngChunk('tEXt', Buffer.concat([text, Buffer.alloc(padding, 0x41)]));
  return Buffer.concat([picture.subarray(0, 33), comment, picture.subarray(33)]);
}

/** What a stored avatar must be: a 256x256 WebP carrying no metadata. */
async function expectRemade(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: AVATAR_STORED_PX, height: AVATAR_STORED_PX });
  expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ exif: undefined, icc: undefined, xmp: undefined, iptc: undefined });
  expect(bytes.includes('CANARY')).toBe(false);
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

  it('accepts a PNG of exactly 1,000,000 bytes and stores it re-made: 256x256 WebP, no metadata, served as image/webp', async () => {
    const png = await pngOfSize(AVATAR_MAX_BYTES);
    expect(png.length).toBe(1_000_000);
    expect(png.includes(PNG_CANARY)).toBe(true);
    const res = await upload(admin, target, multipart('me.png', 'image/png', png));
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^[0-9a-f-]{36}$/);
    expect(await avatarOf(target)).toBe(avatar);
    const [blob] = await t.db.select().from(blobs).where(eq(blobs.id, avatar));
    expect(blob).toMatchObject({ container: BLOB_CONTAINERS.avatar, contentType: 'image/webp', ownerUserId: target, organizationId: null });
    // only the re-made image is stored: a few kilobytes, not the upload
    expect(blob!.size).toBe(blob!.bytes.length);
    expect(blob!.size).toBeLessThan(20_000);
    await expectRemade(blob!.bytes);
    // the picture itself survives
    const { data } = await sharp(blob!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].map((v) => Math.round(v! / 16))).toEqual([1, 10, 4]);
    const served = await t.app.inject({ method: 'GET', url: `/api/blobs/useravatar/${avatar}`, headers: await t.bearer(target) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.rawPayload.equals(blob!.bytes)).toBe(true);
  });

  it('refuses 1,000,001 bytes with 413 and keeps the avatar', async () => {
    const before = await avatarOf(target);
    const res = await upload(admin, target, multipart('big.png', 'image/png', await pngOfSize(AVATAR_MAX_BYTES + 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: USER_MESSAGES.avatarTooLarge, reason: 'avatar-too-large' });
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

  it('refuses a GIF header followed by HTML, a truncated JPEG, SVG and header-only images with 415, keeping the avatar', async () => {
    const before = await avatarOf(target);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    const refusedBodies: [string, Buffer][] = [
      ['gif-html.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')])],
      ['header.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)])],
      ['header.jpg', Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(64)])],
      ['header.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)])],
      ['half.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
      ['vector.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
    ];
    for (const [name, bytes] of refusedBodies) {
      const res = await upload(admin, target, multipart(name, 'image/gif', bytes));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: USER_MESSAGES.avatarNotImage });
    }
    expect(await avatarOf(target)).toBe(before);
  });

  it('refuses a small file that unpacks to more than 50 megapixels with 413', async () => {
    const before = await avatarOf(target);
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await upload(admin, target, multipart('huge.png', 'image/png', huge));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: USER_MESSAGES.avatarTooManyPixels, reason: 'avatar-too-many-pixels' });
    expect(await avatarOf(target)).toBe(before);
  });

  it('accepts GIF, JPEG and WebP pictures, re-made alike; a photo is turned upright and loses its EXIF; the previous blob is deleted', async () => {
    // left half red, right half blue, stored sideways: EXIF orientation 6 (turn 90 degrees clockwise to view)
    const halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } }, left: 200, top: 0 }])
      .jpeg()
      .toBuffer();
    const photo = await sharp(halves).withExif({ IFD0: { Copyright: 'CANARY-EXIF' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(photo.includes('CANARY-EXIF')).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 30, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer();
    for (const [name, bytes] of [['photo.jpg', photo], ['anim.gif', gif], ['clear.webp', webp]] as const) {
      const previous = await avatarOf(target);
      const res = await upload(admin, target, multipart(name, 'application/octet-stream', bytes));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const [blob] = await t.db.select().from(blobs).where(eq(blobs.id, res.json().avatar));
      expect(blob!.contentType).toBe('image/webp');
      await expectRemade(blob!.bytes);
      if (previous) expect(await t.db.select().from(blobs).where(eq(blobs.id, previous))).toEqual([]);
      if (name === 'photo.jpg') {
        // upright: red on top, blue at the bottom
        const { data, info } = await sharp(blob!.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
        const colour = (x: number, y: number) => (pixel(x, y)[0]! > 200 && pixel(x, y)[2]! < 60 ? 'red' : pixel(x, y)[2]! > 200 && pixel(x, y)[0]! < 60 ? 'blue' : 'other');
        expect([colour(10, 10), colour(245, 10), colour(10, 245), colour(245, 245)]).toEqual(['red', 'red', 'blue', 'blue']);
      }
      if (name === 'clear.webp') expect((await sharp(blob!.bytes).metadata()).hasAlpha).toBe(true);
    }
  });

  it('lets you upload your own avatar; others need users.manage; non-members are 404', async () => {
    const png = multipart('me.png', 'image/png', await pngOfSize(500));
    expect((await upload(plain, plain, png)).statusCode).toBe(200);
    expect((await upload(plain, target, png)).statusCode).toBe(403);
    const hidden = await upload(admin, outsider, png);
    expect(hidden.statusCode).toBe(404);
    expect(await avatarOf(outsider)).toBeNull();
  });
});
