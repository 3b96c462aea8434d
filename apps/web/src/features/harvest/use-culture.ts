/** The organisation's culture (default_Culture_Name) for the figures of the harvest screens. */
import { HARVEST_DEFAULT_LOCALE } from '@orchard/shared';
import { createFormatters } from '../../lib/format';
import { useSessionContext } from '../../lib/session/use-session-context';

export function useCulture(): string {
  const { organization } = useSessionContext();
  return createFormatters(organization?.default_Culture_Name ?? HARVEST_DEFAULT_LOCALE).culture;
}
