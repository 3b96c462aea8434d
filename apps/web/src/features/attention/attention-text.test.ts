import { type AttentionItem } from '@orchard/shared/attention';
import { en } from '@orchard/shared/i18n';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../lib/format';
import { attentionText } from './attention-text';

/** the catalogue's text with its values filled in */
const t = ((key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}) as unknown as TFunction;
const format = { number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, 'en-US', options) };
const base = { at: '2026-03-10T09:00:00.000Z', actions: ['confirm', 'dismiss'] as ('confirm' | 'dismiss')[] };

describe('attention item texts', () => {
  it('says which packhouse week is over capacity and by how much', () => {
    const item: AttentionItem = {
      ...base,
      type: 'capacity',
      actionValue: '3:2026-W12',
      link: '/packhouse/pickingschedulepackhouse',
      packhouseId: 3,
      packhouseName: 'Kirkwood',
      year: 2026,
      week: 12,
      totalBins: 4200,
      capacity: 3500,
    };
    expect(attentionText(item, t, format)).toEqual({
      header: 'Kirkwood: week 12 of 2026 over capacity',
      body: '4,200 bins planned for a capacity of 3,500.',
    });
  });

  it('says whose estimate changed a block, from what to what, or that it is the first', () => {
    const item: AttentionItem = {
      ...base,
      type: 'estimate',
      actionValue: '81',
      link: '/packhouse/harvestblockreport?puc=4',
      estimateId: 81,
      productionBlockId: 9,
      blockCode: 'B01',
      pucId: 4,
      pucName: 'C1',
      farmName: 'Kransvlei',
      season: 2026,
      tonnesPerHaAdjusted: 44.25,
      previousTonnesPerHaAdjusted: 40,
      changedByName: 'Farm Manager',
    };
    expect(attentionText(item, t, format)).toEqual({
      header: 'Estimate of block B01 changed',
      body: 'Kransvlei - C1: 40 to 44.25 t/ha adjusted, by Farm Manager.',
    });
    expect(attentionText({ ...item, previousTonnesPerHaAdjusted: null, changedByName: null, tonnesPerHaAdjusted: null }, t, format).body).toBe(
      'Kransvlei - C1: none t/ha adjusted, by another user.',
    );
  });
});
