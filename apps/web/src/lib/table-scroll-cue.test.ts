import { describe, expect, it } from 'vitest';
import { scrollCue } from './table-scroll-cue';

describe('scrollCue', () => {
  it.each([
    ['fits', { scrollLeft: 0, scrollWidth: 300, clientWidth: 300 }, { before: false, after: false }],
    ['a pixel of rounding still fits', { scrollLeft: 0, scrollWidth: 301, clientWidth: 300 }, { before: false, after: false }],
    ['wider, at the start', { scrollLeft: 0, scrollWidth: 800, clientWidth: 300 }, { before: false, after: true }],
    ['wider, in the middle', { scrollLeft: 200, scrollWidth: 800, clientWidth: 300 }, { before: true, after: true }],
    ['wider, at the end', { scrollLeft: 500, scrollWidth: 800, clientWidth: 300 }, { before: true, after: false }],
    ['wider, at a fractional end', { scrollLeft: 499.5, scrollWidth: 800, clientWidth: 300 }, { before: true, after: false }],
    ['right to left, scrolled', { scrollLeft: -200, scrollWidth: 800, clientWidth: 300 }, { before: true, after: true }],
  ])('%s', (_, box, cue) => {
    expect(scrollCue(box)).toEqual(cue);
  });
});
