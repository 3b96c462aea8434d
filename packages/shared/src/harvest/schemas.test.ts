import { describe, expect, it } from 'vitest';
import {
  ADJUSTED_TONNES_PER_HA_MESSAGE,
  adjustedTonnesPerHaSchema,
  blockEstimateSaveBodySchema,
  blockReportRowSchema,
  pucReportRowSchema,
} from './schemas.js';

describe('adjustedTonnesPerHaSchema', () => {
  it.each([0, 0.01, 60, 399.99, 400])('accepts %d', (value) => {
    expect(adjustedTonnesPerHaSchema.safeParse(value).success).toBe(true);
  });

  it.each([-0.01, 400.01, -1, 1000, Number.NaN, Number.POSITIVE_INFINITY, '60', null, undefined])('rejects %s with the range message', (value) => {
    const result = adjustedTonnesPerHaSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ADJUSTED_TONNES_PER_HA_MESSAGE]);
  });

  it('says the range', () => {
    expect(ADJUSTED_TONNES_PER_HA_MESSAGE).toBe('Adjusted T/Ha must be a number from 0 to 400');
  });
});

describe('blockEstimateSaveBodySchema', () => {
  const body = { production_Block: 101, ha: 2.5, tonnes_Per_Ha: 60, version: 3 };

  it('accepts a save', () => {
    expect(blockEstimateSaveBodySchema.parse(body)).toEqual(body);
    expect(blockEstimateSaveBodySchema.parse({ ...body, ha: 0, tonnes_Per_Ha: 0, version: 0 })).toBeTruthy();
  });

  it('takes hectares the row did not show as null or missing, never as 0', () => {
    expect(blockEstimateSaveBodySchema.parse({ ...body, ha: null })).toEqual({ ...body, ha: null });
    const { ha: _ha, ...withoutHa } = body;
    expect(blockEstimateSaveBodySchema.parse(withoutHa)).toEqual(withoutHa);
  });

  it.each([
    ['production_Block', 0],
    ['production_Block', 1.5],
    ['production_Block', -1],
    ['ha', -0.1],
    ['ha', Number.POSITIVE_INFINITY],
    ['tonnes_Per_Ha', 400.5],
    ['tonnes_Per_Ha', -1],
    ['version', -1],
    ['version', 1.5],
    ['version', undefined],
  ])('rejects %s = %s at that field', (field, value) => {
    const result = blockEstimateSaveBodySchema.safeParse({ ...body, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('gives the range message on the estimate field', () => {
    const result = blockEstimateSaveBodySchema.safeParse({ ...body, tonnes_Per_Ha: 401 });
    expect(result.error?.issues[0]?.message).toBe(ADJUSTED_TONNES_PER_HA_MESSAGE);
  });
});

describe('report row schemas', () => {
  const blockRow = {
    puc: 'C1234', citrii_Block: 'Block 1', citrii_Block_Id: 11, production_Block: 101, variety: 'Nadorcott',
    ha: 2.5, not_Tipped: 5, tipped: 10, tipped_Kgs: 4000, tonnes_Per_Ha: 50, tonnes_Per_Ha_Adjusted: 60, version: 3,
  };

  it('accepts linked and unlinked block rows', () => {
    expect(blockReportRowSchema.parse(blockRow)).toEqual(blockRow);
    const unlinked = { ...blockRow, citrii_Block: null, citrii_Block_Id: null, ha: null, tonnes_Per_Ha: null, tonnes_Per_Ha_Adjusted: null, version: 0 };
    expect(blockReportRowSchema.parse(unlinked)).toEqual(unlinked);
  });

  it('strips fields it does not declare', () => {
    expect(blockReportRowSchema.parse({ ...blockRow, organization_Id: 7 })).not.toHaveProperty('organization_Id');
  });

  it.each([
    ['citrii_Block_Id', 0],
    ['not_Tipped', -1],
    ['tipped', 2.5],
    ['tipped_Kgs', -1],
    ['ha', Number.NaN],
  ])('rejects a block row with %s = %s', (field, value) => {
    expect(blockReportRowSchema.safeParse({ ...blockRow, [field]: value }).success).toBe(false);
  });

  it('accepts a PUC row and rejects a negative remainder', () => {
    const pucRow = { puc: 'P0042', not_Tipped: 30, tipped: 60, tipped_Kgs: 24000, remaining_Tonnes: 10.5, completedBlocks: 2, incompleteBlocks: 3 };
    expect(pucReportRowSchema.parse(pucRow)).toEqual(pucRow);
    expect(pucReportRowSchema.safeParse({ ...pucRow, remaining_Tonnes: -1 }).success).toBe(false);
    expect(pucReportRowSchema.safeParse({ ...pucRow, completedBlocks: 1.5 }).success).toBe(false);
  });
});
