import { describe, expect, it } from 'vitest';
import { reasonOf } from '../core/reasons.js';
import {
  SPRAY_MESSAGES,
  exportMarketBodySchema,
  parseIngredientsCell,
  parseMarketDaysCell,
  sprayProductBodySchema,
  sprayProductCells,
  type SprayProductValues,
} from './spray-products.js';

const valid = {
  name: ' Abamectin 18 EC ',
  formulation: 'EC',
  activeIngredients: [{ name: 'Abamectin', concentration: '18 g/L' }],
  targetPests: ['Citrus thrips'],
  localWithholdingDays: 7,
  marketWithholding: [
    { market: 'EU', days: 14 },
    { market: 'China', days: 21 },
  ],
};

const issues = (body: unknown) => sprayProductBodySchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('spray product rules', () => {
  it('takes a product, trimming its texts', () => {
    const read = sprayProductBodySchema.parse(valid);
    expect(read).toMatchObject({ name: 'Abamectin 18 EC', registrationNumber: '', localWithholdingDays: 7 });
  });

  it('holds withholding days to whole numbers from 0 to 365', () => {
    for (const days of [-1, 366, 400, 7.5]) {
      expect(issues({ ...valid, localWithholdingDays: days })).toEqual([['localWithholdingDays', SPRAY_MESSAGES.daysRange]]);
      expect(issues({ ...valid, marketWithholding: [{ market: 'EU', days }] })).toEqual([['marketWithholding.0.days', SPRAY_MESSAGES.daysRange]]);
    }
    expect(issues({ ...valid, localWithholdingDays: 0, marketWithholding: [{ market: 'EU', days: 365 }] })).toEqual([]);
    expect(issues({ ...valid, localWithholdingDays: undefined })).toEqual([['localWithholdingDays', SPRAY_MESSAGES.daysRange]]);
    expect(reasonOf(SPRAY_MESSAGES.daysRange)).toBe('withholding-days-range');
  });

  it('refuses a market, ingredient or pest named twice (ignoring case), an unknown formulation and a blank name', () => {
    expect(issues({ ...valid, marketWithholding: [{ market: 'EU', days: 1 }, { market: ' eu', days: 2 }] })).toEqual([['marketWithholding.1.market', SPRAY_MESSAGES.marketDuplicate]]);
    expect(issues({ ...valid, targetPests: ['Thrips', 'thrips'] })).toEqual([['targetPests.1', SPRAY_MESSAGES.pestDuplicate]]);
    expect(issues({ ...valid, activeIngredients: [{ name: 'A' }, { name: 'a' }] })).toEqual([['activeIngredients.1.name', SPRAY_MESSAGES.ingredientDuplicate]]);
    expect(issues({ ...valid, formulation: 'XX' })).toEqual([['formulation', SPRAY_MESSAGES.formulationUnknown]]);
    expect(issues({ ...valid, name: '  ' })).toEqual([['name', SPRAY_MESSAGES.nameRequired]]);
  });

  it('keeps "local" for the default: no export market takes its name', () => {
    expect(exportMarketBodySchema.safeParse({ name: ' LOCAL ' }).error?.issues[0]?.message).toBe(SPRAY_MESSAGES.marketNameReserved);
    expect(exportMarketBodySchema.parse({ name: ' EU ' })).toEqual({ name: 'EU' });
  });
});

describe('spray product CSV cells', () => {
  it('writes a product as its import reads it back', () => {
    const product = sprayProductBodySchema.parse({ ...valid, activeIngredients: [{ name: 'Abamectin', concentration: '18 g/L' }, { name: 'Oil', concentration: '' }] }) as SprayProductValues;
    const cells = sprayProductCells(product);
    expect(cells).toEqual({
      name: 'Abamectin 18 EC',
      registration_number: '',
      formulation: 'EC',
      active_ingredients: 'Abamectin: 18 g/L; Oil',
      target_pests: 'Citrus thrips',
      local_days: 7,
      market_days: 'EU=14; China=21',
    });
    expect(parseIngredientsCell(cells.active_ingredients as string)).toEqual(product.activeIngredients);
    expect(parseMarketDaysCell(cells.market_days as string)).toEqual(product.marketWithholding);
  });

  it('reads list cells leniently about spaces and refuses malformed items', () => {
    expect(parseMarketDaysCell('')).toEqual([]);
    expect(parseMarketDaysCell(' EU = 7 ;;UK=0 ')).toEqual([
      { market: 'EU', days: 7 },
      { market: 'UK', days: 0 },
    ]);
    expect(parseMarketDaysCell('EU=seven')).toBeNull();
    expect(parseMarketDaysCell('EU=-1')).toBeNull();
    expect(parseIngredientsCell(': 5 %')).toBeNull();
    expect(parseIngredientsCell('Copper: 50 % w/w: as Cu')).toEqual([{ name: 'Copper', concentration: '50 % w/w: as Cu' }]);
  });
});
