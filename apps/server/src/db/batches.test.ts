import { describe, expect, it } from 'vitest';
import { inBatches } from './batches';

describe('inBatches', () => {
  it('asks for the next page after the last row and stops at a short page', async () => {
    const source = Array.from({ length: 7 }, (_, i) => i);
    const asked: (number | undefined)[] = [];
    const read = async (after: number | undefined, size: number) => {
      asked.push(after);
      const start = after === undefined ? 0 : after + 1;
      return source.slice(start, start + size);
    };
    const rows = [];
    for await (const row of inBatches(read, 3)) rows.push(row);
    expect(rows).toEqual(source);
    expect(asked).toEqual([undefined, 2, 5]);
  });

  it('reads one more (empty) page when the last page is full', async () => {
    let calls = 0;
    const read = async (after: number | undefined) => {
      calls++;
      return after === undefined ? [0, 1] : after === 1 ? [2, 3] : [];
    };
    const rows = [];
    for await (const row of inBatches(read, 2)) rows.push(row);
    expect(rows).toEqual([0, 1, 2, 3]);
    expect(calls).toBe(3);
  });
});
