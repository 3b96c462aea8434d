import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_QUIET_MS, SECONDARY_MAX_WAIT_MS, usePageSettled } from './page-settled';

/** time passes (React's updates applied) */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('page settled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles once the page has been quiet for the quiet time, not before, and a new request restarts the wait', () => {
    const { result, rerender } = renderHook(({ busy }) => usePageSettled(busy), { initialProps: { busy: true } });
    advance(1_000);
    expect(result.current).toBe(false);
    rerender({ busy: false });
    advance(PAGE_QUIET_MS - 1);
    expect(result.current).toBe(false);
    // the page's next request, right after its first answer
    rerender({ busy: true });
    advance(PAGE_QUIET_MS);
    expect(result.current).toBe(false);
    rerender({ busy: false });
    advance(PAGE_QUIET_MS);
    expect(result.current).toBe(true);
    // decided once: the page busy again later does not hold anything back
    rerender({ busy: true });
    expect(result.current).toBe(true);
  });

  it('does not wait longer than the longest wait for a page that stays busy', () => {
    const { result } = renderHook(() => usePageSettled(true));
    advance(SECONDARY_MAX_WAIT_MS - 1);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });
});
