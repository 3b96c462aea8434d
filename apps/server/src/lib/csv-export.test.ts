import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byColumns, CSV_BATCH_ROWS, csvChunks, neutraliseCell, type CsvCell, type CsvExport } from './csv-export';

async function textOf(csv: Pick<CsvExport, 'preamble' | 'header' | 'rows'>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of csvChunks(csv)) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+27 82 555', "'+27 82 555"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it('keeps numbers (negative too), empties null and undefined, writes dates and booleans as text', () => {
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(12.5)).toBe(12.5);
    expect(neutraliseCell(Number.NaN)).toBe('');
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(undefined)).toBe('');
    expect(neutraliseCell(true)).toBe('true');
    expect(neutraliseCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T05:04:05+02:00');
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(neutraliseCell(neutraliseCell(text) as string)).toBe(neutraliseCell(text));
      }),
    );
  });
});

describe('csvChunks', () => {
  const columns = [
    { key: 'name', header: 'Name' },
    { key: 'note', header: 'Note' },
    { key: 'amount', header: 'Amount' },
  ] as const;

  it('writes the header (neutralised too) and quoted rows with CRLF line ends that parse back to the same cells', async () => {
    const csv = await textOf(
      byColumns(columns, [
        { name: 'Smith, John', note: 'said "hi"\nthen left', amount: 3 },
        { name: '=cmd|calc', note: null, amount: -2 },
      ]),
    );
    expect(csv.split('\r\n')[0]).toBe('Name,Note,Amount');
    expect(csv.endsWith('-2\r\n')).toBe(true);
    expect(parse(csv)).toEqual([
      ['Name', 'Note', 'Amount'],
      ['Smith, John', 'said "hi"\nthen left', '3'],
      ["'=cmd|calc", '', '-2'],
    ]);
    expect(await textOf({ header: ['=Total', 'x'], rows: [] })).toBe("'=Total,x\r\n");
  });

  it('writes a preamble line verbatim before the header', async () => {
    expect(await textOf({ preamble: 'sep=,', header: ['A', 'B'], rows: [['1', 2]] })).toBe('sep=,\r\nA,B\r\n1,2\r\n');
  });

  it('never lets a text cell begin a formula, and round-trips every other text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), async (texts) => {
        const rows = texts.map((text) => ({ name: text, note: '', amount: 0 }));
        const parsed = parse(await textOf(byColumns(columns, rows)), { relax_column_count: true }) as string[][];
        for (let i = 0; i < texts.length; i++) {
          const cell = parsed[i + 1]![0]!;
          expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
          // the quoting round-trips exactly what neutralisation made of the text (neutralising is not
          // reversible: "'@" and "@" both end as "'@", so compare forwards, not backwards)
          expect(cell).toBe(neutraliseCell(texts[i]!));
          if (!/^[=+\-@\t\r]/.test(texts[i]!)) expect(cell).toBe(texts[i]);
        }
      }),
    );
  });

  it('streams many rows a batch at a time: reads only as far as the chunk being written, and counts every byte', async () => {
    const total = 20 * CSV_BATCH_ROWS + 7;
    let read = 0;
    async function* rows(): AsyncGenerator<CsvCell[]> {
      for (let i = 0; i < total; i++) {
        read++;
        yield [i, `row ${i}`, i % 2 === 0 ? '=odd' : null];
      }
    }
    let size = -1;
    const chunks = csvChunks({ header: ['N', 'Text', 'Note'], rows: rows() }, async (bytes) => {
      size = bytes;
    });
    const first = await chunks.next();
    // the header shares the first chunk with the first rows; nothing beyond that batch is read yet
    expect(read).toBeLessThanOrEqual(CSV_BATCH_ROWS);
    const received: Buffer[] = [first.value as Buffer];
    let count = 1;
    for await (const chunk of chunks) {
      received.push(chunk);
      count++;
      expect(read - count * CSV_BATCH_ROWS).toBeLessThanOrEqual(CSV_BATCH_ROWS);
    }
    expect(count).toBe(Math.ceil((total + 1) / CSV_BATCH_ROWS));
    const bytes = Buffer.concat(received);
    expect(size).toBe(bytes.length);
    const parsed = parse(bytes) as string[][];
    expect(parsed).toHaveLength(total + 1);
    expect(parsed[1]).toEqual(['0', 'row 0', "'=odd"]);
    expect(parsed[total]).toEqual([String(total - 1), `row ${total - 1}`, "'=odd"]);
  });
});
