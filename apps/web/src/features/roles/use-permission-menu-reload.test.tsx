import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_MENU_RELOAD_MS } from '../../lib/ui-constants';
import { usePermissionMenuReload } from './use-permission-menu-reload';

describe('landing-page tree reload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads 500 ms after the last permission change and clears the chosen page once', () => {
    expect(PERMISSION_MENU_RELOAD_MS).toBe(500);
    const clear = vi.fn();
    const { result, rerender } = renderHook(({ permissions }) => usePermissionMenuReload(permissions, clear), {
      initialProps: { permissions: ['users.view'] },
    });
    expect(result.current.reloadFor).toEqual(['users.view']);
    expect(result.current.pending).toBe(false);

    rerender({ permissions: ['users.view', 'roles.view'] });
    expect(result.current.pending).toBe(true);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender({ permissions: ['users.view', 'roles.view', 'roles.manage'] });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(clear).not.toHaveBeenCalled();
    expect(result.current.reloadFor).toEqual(['users.view']);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.reloadFor).toEqual(['users.view', 'roles.view', 'roles.manage']);
    expect(result.current.pending).toBe(false);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('does not clear the page when the role opens (no change yet)', () => {
    const clear = vi.fn();
    renderHook(() => usePermissionMenuReload(['users.view'], clear));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(clear).not.toHaveBeenCalled();
  });
});
