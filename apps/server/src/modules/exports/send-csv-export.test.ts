import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDb } from '../../db/client';
import type { CsvCell, CsvExport } from '../../lib/csv-export';
import { logExport } from './exports.service';
import { sendCsvExportDecorator } from './send-csv-export';

vi.mock('./exports.service', () => ({ logExport: vi.fn(async () => ({})) }));

describe('reply.sendCsvExport', () => {
  afterEach(() => vi.mocked(logExport).mockClear());
  const db = {} as AppDb;
  const log = { userId: 1, organizationId: 2, url: '/api/x/export?a=1', componentName: 'XComponent', reportName: 'X', exportTime: new Date('2026-03-11T06:00:00Z') };

  async function appSending(csv: () => CsvExport) {
    const app = Fastify();
    app.decorate('db', db);
    await app.register(sendCsvExportDecorator);
    app.get('/export', async (_request, reply) => reply.sendCsvExport(csv()));
    await app.ready();
    return app;
  }

  it('answers the attachment with its headers and bytes, and logs the export once with its size', async () => {
    const app = await appSending(() => ({ fileName: 'X-2026-03-11-08-00-00.csv', header: ['Name'], rows: [['@a'], ['b']], log }));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="X-2026-03-11-08-00-00.csv"');
    expect(res.body).toBe("Name\r\n'@a\r\nb\r\n");
    expect(logExport).toHaveBeenCalledTimes(1);
    expect(logExport).toHaveBeenCalledWith(db, expect.objectContaining({ ...log, size: Buffer.byteLength(res.body), timeToComplete: expect.any(Number) }));
    await app.close();
  });

  it('a source that fails before its first row answers an error, not a broken download, and logs nothing', async () => {
    async function* failing(): AsyncGenerator<CsvCell[]> {
      yield* [];
      throw new Error('database went away');
    }
    const app = await appSending(() => ({ fileName: 'x.csv', header: ['Name'], rows: failing(), log }));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(logExport).not.toHaveBeenCalled();
    await app.close();
  });
});
