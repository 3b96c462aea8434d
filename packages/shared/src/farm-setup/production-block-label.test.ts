import { describe, expect, it } from 'vitest';
import { BIN_IMPORT_EXAMPLE } from '../harvest/harvest.js';
import { productionBlockLabel } from './production-block-label.js';

describe('productionBlockLabel', () => {
  it.each([
    [{ code: 'B01', variety: 'Cara Cara' }, 'B01 - Cara Cara'],
    [{ code: 'B02', variety: '  Navel ' }, 'B02 - Navel'],
    [{ code: 'U01', variety: null }, 'U01'],
    [{ code: 'U01' }, 'U01'],
    [{ code: 'U01', variety: ' ' }, 'U01'],
  ])('%o reads %s', (block, label) => {
    expect(productionBlockLabel(block)).toBe(label);
  });

  it('starts with the code the bin import\'s block column takes', () => {
    const code = BIN_IMPORT_EXAMPLE.block;
    expect(productionBlockLabel({ code, variety: 'Navel' }).split(' - ')[0]).toBe(code);
  });
});
