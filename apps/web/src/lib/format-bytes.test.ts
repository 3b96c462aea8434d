import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it('picks the largest decimal unit under 1000, with one decimal below 100', () => {
    expect(plain(formatBytes(950, 'en-ZA'))).toBe('950 byte');
    expect(plain(formatBytes(1200, 'en-ZA'))).toBe('1,2 kB');
    expect(plain(formatBytes(48_000_000, 'en-ZA'))).toBe('48 MB');
    expect(plain(formatBytes(123_400_000, 'en-ZA'))).toBe('123 MB');
    expect(plain(formatBytes(2_500_000_000, 'en-US'))).toBe('2.5 GB');
  });
  it('never shows a negative size', () => {
    expect(plain(formatBytes(-5, 'en-ZA'))).toBe('0 byte');
  });
});
