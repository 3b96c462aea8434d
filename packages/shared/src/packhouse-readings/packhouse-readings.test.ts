import { describe, expect, it } from 'vitest';
import { FIELD_CAPTURE_MESSAGES } from '../field-capture/field-capture.js';
import {
  PACKHOUSE_READINGS_MESSAGES as M,
  createLineBodySchema,
  createRoomReadingBodySchema,
  createWaxReadingBodySchema,
  isClockTime,
  packhouseQuerySchema,
  roomReadingsQuerySchema,
  updateRoomBodySchema,
  updateWaxReadingBodySchema,
  waxReadingsQuerySchema,
} from './packhouse-readings.js';

const CLIENT_ID = '6f1c2b0e-4a5d-4c3b-9e8f-0a1b2c3d4e5f';
const wax = (extra: Record<string, unknown> = {}) => ({ clientId: CLIENT_ID, lineId: 3, readOn: '2026-03-10', readTime: '07:30', litresPerTon: 1.2, ...extra });
const room = (extra: Record<string, unknown> = {}) => ({ clientId: CLIENT_ID, roomId: 4, readOn: '2026-03-10', readTime: '06:00', temperatureC: 4.5, humidityPercent: 92, ...extra });

/** the messages of a parse, by field */
function messages(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('packhouse readings rules', () => {
  it('keeps the wax rate from 0 to 10 L/t with at most 2 decimals, as typed', () => {
    for (const litresPerTon of [0, 0.01, 1.25, 9.99, 10]) {
      const parsed = createWaxReadingBodySchema.parse(wax({ litresPerTon }));
      expect(parsed.litresPerTon).toBe(litresPerTon);
    }
    for (const litresPerTon of [-0.01, 10.01, 1.005, 0.001, Number.NaN, Number.POSITIVE_INFINITY, '1.2', null, undefined]) {
      expect(messages(createWaxReadingBodySchema, wax({ litresPerTon })), String(litresPerTon)).toEqual([['litresPerTon', M.waxRateRange]]);
    }
  });

  it('keeps the wax concentration optional, from 0 to 100 % with 1 decimal', () => {
    expect(createWaxReadingBodySchema.parse(wax()).concentrationPercent).toBeNull();
    for (const concentrationPercent of [0, 0.1, 15.5, 100]) expect(createWaxReadingBodySchema.parse(wax({ concentrationPercent })).concentrationPercent).toBe(concentrationPercent);
    for (const concentrationPercent of [-0.1, 100.1, 15.55, 'x']) {
      expect(messages(createWaxReadingBodySchema, wax({ concentrationPercent }))).toEqual([['concentrationPercent', M.waxConcentrationRange]]);
    }
  });

  it('keeps a cold room from -5 to 25 °C with 1 decimal: 20.55 is refused, never rounded', () => {
    for (const temperatureC of [-5, -4.9, -0.5, 0, 20.5, 24.9, 25]) {
      expect(createRoomReadingBodySchema.parse(room({ temperatureC })).temperatureC).toBe(temperatureC);
    }
    for (const temperatureC of [-5.1, -5.01, 25.1, 25.01, 20.55, -0.05, Number.NaN, null]) {
      expect(messages(createRoomReadingBodySchema, room({ temperatureC })), String(temperatureC)).toEqual([['temperatureC', M.temperatureRange]]);
    }
    expect(M.temperatureRange).toBe('The temperature must be from -5 to 25 °C, with at most 1 decimal');
  });

  it('keeps relative humidity from 0 to 100 % with 1 decimal', () => {
    for (const humidityPercent of [0, 0.1, 85.5, 99.9, 100]) {
      expect(createRoomReadingBodySchema.parse(room({ humidityPercent })).humidityPercent).toBe(humidityPercent);
    }
    for (const humidityPercent of [-0.1, 100.1, 100.01, 85.55, undefined]) {
      expect(messages(createRoomReadingBodySchema, room({ humidityPercent }))).toEqual([['humidityPercent', M.humidityRange]]);
    }
  });

  it('reads a time as HH:mm from 00:00 to 23:59 and a day as yyyy-MM-dd', () => {
    for (const time of ['00:00', '07:05', '23:59']) expect(isClockTime(time)).toBe(true);
    for (const time of ['24:00', '7:05', '07:60', '07:05:00', '', ' 07:05']) expect(isClockTime(time)).toBe(false);
    expect(messages(createWaxReadingBodySchema, wax({ readTime: '25:00' }))).toEqual([['readTime', M.timeInvalid]]);
    expect(messages(createRoomReadingBodySchema, room({ readOn: '2026-02-29' }))).toEqual([['readOn', FIELD_CAPTURE_MESSAGES.dayInvalid]]);
  });

  it('names a line or room, a client id and, on edits, the version', () => {
    expect(messages(createWaxReadingBodySchema, wax({ lineId: 0 }))).toEqual([['lineId', M.lineRequired]]);
    expect(messages(createRoomReadingBodySchema, room({ roomId: '4' }))).toEqual([['roomId', M.roomRequired]]);
    expect(messages(createWaxReadingBodySchema, wax({ clientId: 'x' }))).toEqual([['clientId', FIELD_CAPTURE_MESSAGES.clientIdInvalid]]);
    expect(updateWaxReadingBodySchema.safeParse({ readOn: '2026-03-10', readTime: '07:30', litresPerTon: 1 }).success).toBe(false);
    expect(updateWaxReadingBodySchema.parse({ readOn: '2026-03-10', readTime: '07:30', litresPerTon: 1, note: '  ', version: 2 })).toMatchObject({ note: null, concentrationPercent: null, version: 2 });
  });

  it('trims names, requires them and keeps them to 50 characters', () => {
    expect(createLineBodySchema.parse({ clientId: CLIENT_ID, packhouseId: 1, name: '  Line 1 ' }).name).toBe('Line 1');
    expect(messages(createLineBodySchema, { clientId: CLIENT_ID, packhouseId: 1, name: '   ' })).toEqual([['name', M.lineNameRequired]]);
    expect(messages(createLineBodySchema, { clientId: CLIENT_ID, packhouseId: 1, name: 'x'.repeat(51) })).toEqual([['name', M.lineNameLength]]);
    expect(createLineBodySchema.safeParse({ clientId: CLIENT_ID, packhouseId: 1, name: 'x'.repeat(50) }).success).toBe(true);
    expect(messages(createLineBodySchema, { clientId: CLIENT_ID, name: 'L' })).toEqual([['packhouseId', M.packhouseRequired]]);
    expect(messages(updateRoomBodySchema, { name: '', version: 1 })).toEqual([['name', M.roomNameRequired]]);
  });

  it('reads the list filters: the packhouse, the line or room in `filter`, the days and the page', () => {
    expect(packhouseQuerySchema.parse({ packhouse: '7' })).toEqual({ packhouse: 7 });
    expect(messages(packhouseQuerySchema, {})).toEqual([['packhouse', M.packhouseRequired]]);
    expect(waxReadingsQuerySchema.parse({ filter: '12' })).toEqual({ filter: 12, page: 1, pageSize: 20 });
    expect(roomReadingsQuerySchema.parse({ filter: '3', from: '2026-03-01', to: '2026-03-01', page: '2', pageSize: '100' })).toMatchObject({ filter: 3, page: 2, pageSize: 100 });
    expect(messages(waxReadingsQuerySchema, { filter: 'abc' })).toEqual([['filter', M.lineRequired]]);
    expect(messages(roomReadingsQuerySchema, {})).toEqual([['filter', M.roomRequired]]);
    expect(messages(waxReadingsQuerySchema, { filter: '1', pageSize: '25' })).toEqual([['pageSize', FIELD_CAPTURE_MESSAGES.pageSize]]);
    expect(messages(waxReadingsQuerySchema, { filter: '1', from: '2026-03-02', to: '2026-03-01' })).toEqual([['to', FIELD_CAPTURE_MESSAGES.rangeOrder]]);
  });
});
