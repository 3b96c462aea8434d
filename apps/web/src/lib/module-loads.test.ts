import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingModuleLoads, trackModuleLoad, usePendingModuleLoads } from './module-loads';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('module loads', () => {
  afterEach(flush);

  it('counts a load from its start until it settles, failed ones included', async () => {
    let finish!: () => void;
    let fail!: (e: Error) => void;
    const ok = trackModuleLoad(new Promise<void>((resolve) => (finish = resolve)));
    const bad = trackModuleLoad(new Promise<void>((_, reject) => (fail = reject))).catch(() => undefined);
    await flush();
    expect(pendingModuleLoads()).toBe(2);
    finish();
    await ok;
    await flush();
    expect(pendingModuleLoads()).toBe(1);
    fail(new Error('offline'));
    await bad;
    await flush();
    expect(pendingModuleLoads()).toBe(0);
  });

  it('re-renders its readers as the count changes', async () => {
    const { result } = renderHook(() => usePendingModuleLoads());
    expect(result.current).toBe(0);
    let finish!: () => void;
    const load = trackModuleLoad(new Promise<void>((resolve) => (finish = resolve)));
    await act(flush);
    expect(result.current).toBe(1);
    finish();
    await act(async () => {
      await load;
      await flush();
    });
    expect(result.current).toBe(0);
  });
});
