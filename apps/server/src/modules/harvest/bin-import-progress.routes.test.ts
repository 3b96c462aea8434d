/**
 * The CSV import of bin intake followed as it runs (Accept: application/x-ndjson): progress lines
 * per 500 rows of each phase, the usual answer or error envelope last, and a client that goes away
 * during a commit leaves nothing written. Without the header the route answers as it always did.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BIN_IMPORT_PROGRESS_TYPE,
  HARVEST_PATHS,
  binImportLineSchema,
  binImportResponseSchema,
  type BinImportLine,
  type BinImportProgress,
} from '@orchard/shared/harvest';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, multipartFile, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { fruitBins } from '../../db/schema/index';
import { importBins } from './bins.service';

const HEADER = 'puc,block,packhouse,received_date,bins,tipped,tipped_kgs';
/** `rows` good rows of `bins` waiting bins each */
const goodFile = (rows: number, bins = 1) => [HEADER, ...Array.from({ length: rows }, () => `C2,B01,PH2,2025-06-01,${bins},no,`), ''].join('\n');
const progressOf = (lines: BinImportLine[]) => lines.flatMap((l) => ('progress' in l ? [l.progress] : []));
const steps = (phase: BinImportProgress['phase'], total: number, at: number[]) => at.map((processed) => ({ phase, processed, total }));

describe('bin import with progress', () => {
  let t: TestApp;
  let w: HarvestWorld;
  let headersA: Record<string, string>;
  const binsOf = async () => (await t.db.select({ n: count() }).from(fruitBins).where(eq(fruitBins.organizationId, w.a.organizationId)))[0]!.n;
  const importFile = (content: string, mode: 'preview' | 'commit', accept?: string) => {
    const body = multipartFile(content);
    return t.app.inject({
      method: 'POST',
      url: `${HARVEST_PATHS.binImports}?mode=${mode}`,
      headers: { ...headersA, ...body.headers, ...(accept ? { accept } : {}) },
      payload: body.payload,
    });
  };
  const linesOf = (body: string) =>
    body
      .split('\n')
      .filter(Boolean)
      .map((line) => binImportLineSchema.parse(JSON.parse(line)));

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  beforeEach(async () => {
    headersA = await t.headersFor(w.a.userId, w.a.organizationId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('previews a file of several batches with a line per 500 rows checked, then the answer', async () => {
    const before = await binsOf();
    const res = await importFile(goodFile(1200), 'preview', BIN_IMPORT_PROGRESS_TYPE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain(BIN_IMPORT_PROGRESS_TYPE);
    const lines = linesOf(res.body);
    expect(progressOf(lines)).toEqual(steps('checking', 1200, [0, 500, 1000, 1200]));
    const last = lines.at(-1)!;
    expect('result' in last && last.result).toMatchObject({ committed: false, created: 1200, refused: 0, bins: 1200 });
    expect('result' in last && last.result.lines).toHaveLength(1200);
    expect(await binsOf()).toBe(before);
  });

  it('commits a file of several batches: rows checked, then rows written, then the answer', async () => {
    const before = await binsOf();
    const res = await importFile(goodFile(1000, 2), 'commit', `${BIN_IMPORT_PROGRESS_TYPE}, application/json;q=0.5`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = linesOf(res.body);
    expect(progressOf(lines)).toEqual([...steps('checking', 1000, [0, 500, 1000]), ...steps('importing', 1000, [0, 500, 1000])]);
    expect(lines.at(-1)).toMatchObject({ result: { committed: true, created: 1000, refused: 0, bins: 2000 } });
    expect(await binsOf()).toBe(before + 2000);
  });

  it('ends a refused commit with the error envelope the plain request answers, and its status', async () => {
    const before = await binsOf();
    const bad = `${goodFile(600).trimEnd()}\nC2,B01,PH2,2025-06-01,abc,no,\nNOPE,B01,PH2,2025-06-01,1,no,\n`;
    const plain = await importFile(bad, 'commit');
    expect(plain.statusCode).toBe(400);
    const res = await importFile(bad, 'commit', BIN_IMPORT_PROGRESS_TYPE);
    expect(res.statusCode).toBe(200);
    const lines = linesOf(res.body);
    expect(progressOf(lines)).toEqual(steps('checking', 602, [0, 500, 602]));
    const { requestId: plainId, ...plainEnvelope } = plain.json<{ requestId: string }>();
    expect(plainId).toBeTruthy();
    expect(lines.at(-1)).toEqual({ ...plainEnvelope, requestId: res.headers['x-request-id'] ?? expect.any(String), status: 400 });
    // a file that cannot be read is refused the same way, before any step
    const empty = linesOf((await importFile(`${HEADER}\n`, 'preview', BIN_IMPORT_PROGRESS_TYPE)).body);
    expect(empty).toEqual([{ ...(await importFile(`${HEADER}\n`, 'preview')).json<object>(), requestId: expect.any(String), status: 400 }]);
    expect(await binsOf()).toBe(before);
  });

  it('answers the plain request as before: JSON, 201 for a commit, no progress', async () => {
    const before = await binsOf();
    const res = await importFile(goodFile(3), 'commit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toContain('application/json');
    expect(binImportResponseSchema.parse(res.json())).toMatchObject({ committed: true, created: 3, bins: 3 });
    expect(await binsOf()).toBe(before + 3);
    const preview = await importFile(goodFile(2), 'preview', 'application/json');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ committed: false, created: 2, bins: 2 });
  });

  it('rolls a commit back when its signal aborts between two batches', async () => {
    const before = await binsOf();
    const seen: BinImportProgress[] = [];
    const stop = new AbortController();
    const run = importBins(t.db, { userId: w.a.userId, organizationId: w.a.organizationId }, Buffer.from(goodFile(1500)), { mode: 'commit' }, new Date(), {
      signal: stop.signal,
      onProgress: async (progress) => {
        seen.push(progress);
        if (progress.phase === 'importing' && progress.processed === 500) stop.abort(new Error('stopped'));
      },
    });
    await expect(run).rejects.toThrow('stopped');
    expect(seen.at(-1)).toEqual({ phase: 'importing', processed: 500, total: 1500 });
    expect(await binsOf()).toBe(before);
  });

  it('writes nothing when the client goes away during a commit', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await binsOf();
    const body = multipartFile(goodFile(3000, 10));
    const seen = await new Promise<BinImportProgress[]>((resolve, reject) => {
      const progress: BinImportProgress[] = [];
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${HARVEST_PATHS.binImports}?mode=commit`,
          headers: { ...headersA, ...body.headers, accept: BIN_IMPORT_PROGRESS_TYPE, 'content-length': body.payload.length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            const lines = text.split('\n');
            text = lines.pop()!;
            for (const line of lines.filter(Boolean)) {
              const parsed = binImportLineSchema.parse(JSON.parse(line));
              if (!('progress' in parsed)) return reject(new Error(`the import ended: ${line.slice(0, 200)}`));
              progress.push(parsed.progress);
              // gone as soon as the writing has started
              if (parsed.progress.phase === 'importing') {
                req.destroy();
                return resolve(progress);
              }
            }
          });
        },
      );
      req.on('error', () => undefined);
      req.end(body.payload);
    });
    expect(seen.at(-1)).toMatchObject({ phase: 'importing', total: 3000 });
    // the database runs one transaction at a time: this count waits for the import's to end
    expect(await binsOf()).toBe(before);
    // and the server still answers
    const after = await importFile(goodFile(1), 'commit');
    expect(after.statusCode).toBe(201);
    expect(await binsOf()).toBe(before + 1);
  });
});
