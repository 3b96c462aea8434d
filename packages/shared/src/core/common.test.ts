import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ID_MESSAGE,
  idListQuerySchema,
  idSchema,
  idSchemaWith,
  instantSchema,
  INT_MAX,
  PAGE_MAX,
  pageQuerySchema,
  pageSizeMessage,
  pageSizeQuerySchema,
  parseId,
  parseWholeNumber,
  WHOLE_NUMBER_QUERY_MESSAGE,
  wholeNumberQuerySchema,
} from './common.js';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from './constants.js';

const NOT_IDS = [
  '0x10',
  '0X10',
  '0o20',
  '0b10000',
  '1e1',
  '1E1',
  '1.6e1',
  '16.0',
  '16.',
  '.5',
  ' 16',
  '16 ',
  '\t16',
  '16\n',
  '+16',
  '-16',
  '016',
  '0016',
  '0',
  '00',
  '-0',
  '',
  ' ',
  '1_6',
  '1,6',
  '١٦',
  '１６',
  'Infinity',
  'NaN',
  '16abc',
  '2147483648',
  '9999999999',
  '99999999999',
];

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['16', 16],
    ['10', 10],
    ['2147483647', INT_MAX],
  ])('reads %j as %d', (text, id) => {
    expect(parseId(text)).toBe(id);
  });

  it.each(NOT_IDS)('refuses %j', (text) => {
    expect(parseId(text)).toBeNull();
  });

  it('reads every id from 1 to INT_MAX written in decimal', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: INT_MAX }), (id) => parseId(String(id)) === id));
  });

  it('reads a text only when it is the one spelling of the id it names', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[-+ 0x]{0,2}[0-9a-f.e]{1,11}$/)), (text) => {
        const id = parseId(text);
        return id === null || (String(id) === text && id >= 1 && id <= INT_MAX);
      }),
    );
  });
});

describe('idSchema', () => {
  it('reads an id as a number', () => {
    expect(idSchema.parse('16')).toBe(16);
  });

  it.each(NOT_IDS)('refuses %j with the id message', (text) => {
    const result = idSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([ID_MESSAGE]);
  });

  it('refuses a missing id and values that are not text', () => {
    for (const value of [undefined, null, 16, ['16']]) expect(idSchema.safeParse(value).success, String(value)).toBe(false);
  });

  it('answers with its own message when given one', () => {
    const schema = idSchemaWith('Choose a packhouse');
    expect(schema.safeParse('0x10').error?.issues.map((i) => i.message)).toEqual(['Choose a packhouse']);
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['Choose a packhouse']);
    expect(schema.safeParse('2147483648').error?.issues.map((i) => i.message)).toEqual(['Choose a packhouse']);
  });
});

describe('idListQuerySchema', () => {
  const list = idListQuerySchema(3);

  it('reads comma-separated and repeated parameters; absent or empty means no restriction', () => {
    expect(list.parse('1,2')).toEqual([1, 2]);
    expect(list.parse(['1', '2'])).toEqual([1, 2]);
    expect(list.parse('7')).toEqual([7]);
    expect(list.parse(undefined)).toBeUndefined();
    expect(list.parse('')).toBeUndefined();
  });

  it.each(NOT_IDS.filter((text) => text !== '' && !text.includes(',')))('refuses a list holding %j', (text) => {
    expect(list.safeParse(`1,${text}`).success).toBe(false);
    expect(list.safeParse(['1', text]).success).toBe(false);
  });

  it('refuses blank items, spaces around the commas and more ids than allowed', () => {
    for (const value of ['1,,2', '1,', ',1', '1, 2', ['1', ''], '1,2,3,4']) expect(list.safeParse(value).success, String(value)).toBe(false);
  });
});

/** Spellings a lax reading takes for a number, each refused as a whole number. */
const NOT_WHOLE_NUMBERS = [
  ...NOT_IDS.filter((text) => !['0', '2147483648', '9999999999', '99999999999'].includes(text)),
  '02',
  '0x2',
  '1e1',
  '+2',
  ' 2',
  '2 ',
  '-2',
  '2.5',
  '+0',
  '0.0',
  '0e0',
  '0x0',
  '2147483648',
  '99999999999',
];

describe('parseWholeNumber', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['2', 2],
    ['20', 20],
    ['2025', 2025],
    ['100000', 100_000],
    ['2147483647', INT_MAX],
  ])('reads %j as %d', (text, n) => {
    expect(parseWholeNumber(text)).toBe(n);
  });

  it.each(NOT_WHOLE_NUMBERS)('refuses %j', (text) => {
    expect(parseWholeNumber(text)).toBeNull();
  });

  it('reads every whole number from 0 to INT_MAX written in decimal', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: INT_MAX }), (n) => parseWholeNumber(String(n)) === n));
  });

  it('reads a text only when it is the one spelling of the number it names', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[-+ 0x]{0,2}[0-9a-f.e]{1,11}$/)), (text) => {
        const n = parseWholeNumber(text);
        return n === null || (String(n) === text && n >= 0 && n <= INT_MAX);
      }),
    );
  });

  it('reads the ids parseId reads, as the same numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 1, max: INT_MAX }), (text, id) => {
        const asId = parseId(text);
        return (asId === null || parseWholeNumber(text) === asId) && parseWholeNumber(String(id)) === parseId(String(id));
      }),
    );
  });
});

describe('wholeNumberQuerySchema', () => {
  const page = wholeNumberQuerySchema(z.number().min(1).max(100)).default(1);
  const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

  it('reads a whole number as a number and holds it to the field rule', () => {
    expect(page.parse('2')).toBe(2);
    expect(page.parse('100')).toBe(100);
    expect(page.parse(undefined)).toBe(1);
    expect(page.safeParse('0').success).toBe(false);
    expect(page.safeParse('101').success).toBe(false);
  });

  it.each(NOT_WHOLE_NUMBERS)('refuses %j with the whole-number message', (text) => {
    expect(messages(page, text)).toEqual([WHOLE_NUMBER_QUERY_MESSAGE]);
  });

  it('refuses values that are not text: a repeated parameter, a JSON number, null', () => {
    for (const value of [['2'], ['1', '2'], 2, null]) expect(messages(page, value), String(value)).toEqual([WHOLE_NUMBER_QUERY_MESSAGE]);
  });

  it("answers with the field's own message when given one, for a spelling and for a value out of its rule", () => {
    const message = 'Page size is one of 20, 50, 100';
    const pageSize = wholeNumberQuerySchema(
      z.number().refine((n) => [20, 50, 100].includes(n), message),
      message,
    );
    expect(pageSize.parse('50')).toBe(50);
    for (const text of ['0x14', '2e1', '+20', ' 20', '020', '25', '']) expect(messages(pageSize, text), text).toEqual([message]);
  });
});

describe('pageQuerySchema and pageSizeQuerySchema', () => {
  const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

  it('pages by the tables\' sizes, starting at the first, unless a screen names its own', () => {
    expect(TABLE_PAGE_SIZE_OPTIONS).toEqual([20, 50, 100]);
    expect(TABLE_PAGE_SIZE).toBe(20);
    const pageSize = pageSizeQuerySchema();
    expect(pageSize.parse(undefined)).toBe(TABLE_PAGE_SIZE);
    for (const size of TABLE_PAGE_SIZE_OPTIONS) expect(pageSize.parse(String(size))).toBe(size);
    for (const text of ['15', '25', '0x14', '020', '']) expect(messages(pageSize, text), text).toEqual(['Page size is one of 20, 50, 100']);

    const own = pageSizeQuerySchema([15, 20, 30], 15);
    expect(own.parse(undefined)).toBe(15);
    expect(own.parse('30')).toBe(30);
    expect(messages(own, '50')).toEqual([pageSizeMessage([15, 20, 30])]);
    expect(pageSizeMessage([15, 20, 30])).toBe('Page size is one of 15, 20, 30');
  });

  it('takes a page from 1 to PAGE_MAX, the first when absent', () => {
    expect(pageQuerySchema.parse(undefined)).toBe(1);
    expect(pageQuerySchema.parse(String(PAGE_MAX))).toBe(PAGE_MAX);
    for (const text of ['0', String(PAGE_MAX + 1), '01']) expect(pageQuerySchema.safeParse(text).success, text).toBe(false);
  });
});

describe('instantSchema', () => {
  const messages = (schema: z.ZodType, value: unknown) => {
    const read = schema.safeParse(value);
    return read.success ? [] : read.error.issues.map((i) => i.message);
  };

  it('takes a date and time with its offset on a day from FIRST_DAY to LAST_DAY', () => {
    for (const value of ['1900-01-01T00:00:00+02:00', '2026-03-02T07:30:00+02:00', '2026-03-02T05:30:00Z', '2099-12-31T23:59:59.999+02:00']) {
      expect(instantSchema('Enter a time').parse(value)).toBe(value);
    }
  });

  it("answers a malformed one and one outside the range once each, with the field's message", () => {
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T08:00:00+02:00', '1899-12-31T23:59:59+02:00', '2100-01-01T00:00:00+02:00', '9999-12-31T23:59:59Z', '2026-02-30T07:30:00+02:00', '2026-03-02T07:30:00', '2026-03-02', 'x', 5, null]) {
      expect(messages(instantSchema('Enter a time'), value), String(value)).toEqual(['Enter a time']);
    }
  });

  it("without a message, answers one outside the range as zod answers a malformed one", () => {
    const malformed = messages(instantSchema(), '2026-02-30T07:30:00+02:00');
    expect(malformed).toHaveLength(1);
    expect(messages(instantSchema(), '0000-01-01T00:00:00Z')).toEqual(malformed);
    expect(messages(instantSchema(), '9999-12-31T23:59:59Z')).toEqual(malformed);
  });
});
