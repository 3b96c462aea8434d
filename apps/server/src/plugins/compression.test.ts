/**
 * The compression plugin on its own (with the route policy it reads paths by): the token
 * endpoints' answers go as they are whatever their size, anything else large is compressed.
 */
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressionPlugin, MIN_COMPRESSED_BYTES } from './compression';
import { routePolicyPlugin } from './route-policy';

describe('compression', () => {
  it('never compresses an answer of the token endpoints (/connect), however large', async () => {
    const app = Fastify();
    await app.register(routePolicyPlugin);
    await app.register(compressionPlugin);
    const large = { access_token: 'x'.repeat(MIN_COMPRESSED_BYTES * 2), refresh_token: 'y'.repeat(MIN_COMPRESSED_BYTES) };
    app.post('/connect/token', { config: { auth: 'public' } as never }, async () => large);
    app.get('/api/large', { config: { auth: 'public' } as never }, async () => large);
    await app.ready();
    try {
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const token = await app.inject({ method: 'POST', url: '/connect/token', headers, payload: {} });
      expect(token.statusCode).toBe(200);
      expect(token.headers['content-encoding']).toBeUndefined();
      expect(token.json()).toEqual(large);
      const api = await app.inject({ method: 'GET', url: '/api/large', headers });
      expect(api.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString('utf8'))).toEqual(large);
    } finally {
      await app.close();
    }
  });
});
