import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv';

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
    expect(neutraliseCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('toCsv', () => {
  const columns = [
    { key: 'name', header: 'Name' },
    { key: 'note', header: 'Note' },
    { key: 'amount', header: 'Amount' },
  ] as const;

  it('writes a header and quoted rows with CRLF line ends that parse back to the same cells', () => {
    const csv = toCsv(
      [
        { name: 'Smith, John', note: 'said "hi"\nthen left', amount: 3 },
        { name: '=cmd|calc', note: null, amount: -2 },
      ],
      columns,
    );
    expect(csv.split('\r\n')[0]).toBe('Name,Note,Amount');
    expect(parse(csv)).toEqual([
      ['Name', 'Note', 'Amount'],
      ['Smith, John', 'said "hi"\nthen left', '3'],
      ["'=cmd|calc", '', '-2'],
    ]);
  });

  it('never lets a text cell begin a formula, and round-trips every other text', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (texts) => {
        const rows = texts.map((text) => ({ name: text, note: '', amount: 0 }));
        const parsed = parse(toCsv(rows, columns), { relax_column_count: true }) as string[][];
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
});
