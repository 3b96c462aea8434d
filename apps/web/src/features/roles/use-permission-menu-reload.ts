/**
 * docs/domain.md, Roles: a change of the selected permissions reloads the landing-page tree after 500 ms
 * (one reload for a burst of changes) and clears the chosen landing page.
 */
import { PERMISSION_MENU_RELOAD_MS } from '../../lib/ui-constants';
import { useEffect, useMemo, useRef } from 'react';
import { useDebouncedValue } from './use-debounced-value';

export function usePermissionMenuReload(permissions: readonly string[], onReload: () => void, delay: number = PERMISSION_MENU_RELOAD_MS) {
  const key = permissions.join(',');
  const debouncedKey = useDebouncedValue(key, delay);
  const lastReloaded = useRef(debouncedKey);
  const callback = useRef(onReload);
  useEffect(() => {
    callback.current = onReload;
  }, [onReload]);
  useEffect(() => {
    if (debouncedKey === lastReloaded.current) return;
    lastReloaded.current = debouncedKey;
    callback.current();
  }, [debouncedKey]);
  const reloadFor = useMemo(() => (debouncedKey ? debouncedKey.split(',') : []), [debouncedKey]);
  /** true while a change waits for its reload (Save waits too, so it never sends a stale page) */
  return { reloadFor, pending: key !== debouncedKey };
}
