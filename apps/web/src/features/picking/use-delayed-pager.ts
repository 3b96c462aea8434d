/** The week pager's date: shown at once, applied to the queries after the 500 ms pager delay (docs/domain.md, Week columns). */
import { useEffect, useState } from 'react';
import { addPlainDays } from '@orchard/shared/picking';

export const PAGER_DELAY_MS = 500;

export function useDelayedPager(today: string | null) {
  const [shown, setShown] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);

  useEffect(() => {
    if (shown === applied) return undefined;
    const timer = setTimeout(() => setApplied(shown), PAGER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown, applied]);

  const current = shown ?? today;
  return {
    /** the date the pager shows (today until moved) */
    shown: current,
    /** the date the queries use (null = the server's today) */
    applied,
    move: (weeks: number) => {
      if (current) setShown(addPlainDays(current, weeks * 7));
    },
  };
}
