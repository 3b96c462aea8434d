import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { versionRule } from './versioning';

const STALE = 'This row was changed by someone else; reload it and try again';

const thrown = (f: () => unknown): AppError => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('nothing was thrown');
};

describe('versionRule', () => {
  const { checkVersion, stale } = versionRule(STALE);

  it('answers the current row when the version is the row\'s, or when none is named (a delete)', () => {
    const row = { id: 7, version: 3 };
    expect(checkVersion(row, 3, 'Trap')).toBe(row);
    expect(checkVersion(row, undefined, 'Trap')).toBe(row);
  });

  it('refuses a row the caller cannot see with 404, naming it', () => {
    const err = thrown(() => checkVersion(null, 1, 'Storage room'));
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(404);
    expect(err.message).toBe('Storage room not found');
  });

  it('refuses a stale version with 412 and the area\'s own message', () => {
    const err = thrown(() => checkVersion({ version: 4 }, 3, 'Trap'));
    expect(err.statusCode).toBe(412);
    expect(err.code).toBe('PRECONDITION_FAILED');
    expect(err.message).toBe(STALE);
    expect(stale()).toMatchObject({ statusCode: 412, message: STALE });
  });

  it('keeps each area\'s message apart', () => {
    const other = versionRule('Another area changed');
    expect(thrown(() => other.checkVersion({ version: 2 }, 1, 'X')).message).toBe('Another area changed');
    expect(thrown(() => checkVersion({ version: 2 }, 1, 'X')).message).toBe(STALE);
  });
});
