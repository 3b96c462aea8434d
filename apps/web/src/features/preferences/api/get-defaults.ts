/** GET /api/preferences/defaults: what "reload defaults" applies. Fetched on demand, never cached. */
import { PREFERENCES_PATHS, preferenceDefaultsSchema } from '@orchard/shared/preferences';
import { apiRequest } from '../../../lib/api-client';

export const getPreferenceDefaults = () => apiRequest(PREFERENCES_PATHS.defaults, { schema: preferenceDefaultsSchema });
