/** The formatters of the current organisation's culture, for any screen that shows numbers or dates. */
import { useMemo } from 'react';
import { createFormatters, type Formatters } from './format';
import { useSessionContext } from './session/use-session-context';

export function useFormatters(): Formatters {
  const { organization } = useSessionContext();
  const culture = organization?.default_Culture_Name;
  return useMemo(() => createFormatters(culture), [culture]);
}
