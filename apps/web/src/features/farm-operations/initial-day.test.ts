import { describe, expect, it } from 'vitest';
import { initialDay } from './initial-day';

describe('initialDay', () => {
  it.each([
    ['the latest scouted day', ['2025-06-09', '2025-06-27', '2025-06-13'], '2025-06-27'],
    ['never a future day', ['2025-06-20', '2025-07-02'], '2025-06-20'],
    ['today when nothing was scouted', [], '2025-06-30'],
  ])('opens on %s', (_name, scouted, expected) => {
    expect(initialDay(scouted, '2025-06-30')).toBe(expected);
  });
});
