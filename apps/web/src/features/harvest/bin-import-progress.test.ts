import { en } from '@orchard/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../lib/format';
import { stepPercent, stepText } from './components/bin-import-panel';

/** the catalogue's text with its values filled in */
const t = ((key: string, values: Record<string, string>) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;
const number = (value: number) => formatNumber(value, 'en-US');

describe('bin import progress', () => {
  it('says the bytes sent, then the rows checked and written', () => {
    expect(stepText(t, { phase: 'sending', processed: 2_500, total: 10_000 }, number, 'en-US')).toBe('25% sent (2.5 kB of 10 kB)');
    expect(stepText(t, { phase: 'checking', processed: 2_500, total: 10_000 }, number, 'en-US')).toBe('Checking rows 2,500 of 10,000');
    expect(stepText(t, { phase: 'importing', processed: 4_000, total: 10_000 }, number, 'en-US')).toBe('Importing rows 4,000 of 10,000');
  });

  it('fills the bar by the share done, whole percents up to 100', () => {
    expect(stepPercent({ phase: 'checking', processed: 0, total: 0 })).toBe(0);
    expect(stepPercent({ phase: 'importing', processed: 999, total: 1000 })).toBe(99);
    expect(stepPercent({ phase: 'sending', processed: 12, total: 10 })).toBe(100);
  });
});
