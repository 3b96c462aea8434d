/** The organisation's culture (default_Culture_Name) for the figures of the harvest screens. */
import { useFormatters } from '../../lib/use-formatters';

export function useCulture(): string {
  return useFormatters().culture;
}
