import { describe, expect, it } from 'vitest';
import { FARM_SETUP_MESSAGES } from '@orchard/shared/farm-setup';
import { blockFormSchema } from './block-form';

describe('production block form', () => {
  const schema = blockFormSchema(2026);
  const block = { pucId: 1, code: 'B1', name: 'North', ha: 2.5, varietyId: 3, plantingYear: 2015, farmBlockId: null };
  const plantingYearError = (plantingYear: number | null) =>
    schema.safeParse({ ...block, plantingYear }).error?.issues.find((i) => i.path[0] === 'plantingYear')?.message;

  it('takes a planting year from 1900 to this year, or none', () => {
    expect(plantingYearError(2015)).toBeUndefined();
    expect(plantingYearError(null)).toBeUndefined();
    expect(plantingYearError(1900)).toBeUndefined();
    expect(plantingYearError(2026)).toBeUndefined();
    expect(plantingYearError(1899)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(2027)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(2015.5)).toBe('Planting year must be between 1900 and 2026');
    expect(plantingYearError(Number.NaN)).toBe('Planting year must be between 1900 and 2026');
  });

  it('refuses hectares with more than 4 decimals, none, or not more than 0', () => {
    const haError = (ha: number | null) => schema.safeParse({ ...block, ha }).error?.issues.find((i) => i.path[0] === 'ha')?.message;
    expect(haError(1.2345)).toBeUndefined();
    for (const ha of [1.23456, 0, -1, null, Number.NaN]) expect(haError(ha), String(ha)).toBe(FARM_SETUP_MESSAGES.hectaresInvalid);
  });
});
