/** PUT /api/preferences/defaults {themeId | null} (null resets) and POST set-current-as-default. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PREFERENCES_PATHS, preferencesSchema, type ThemeId } from '@orchard/shared/preferences';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { preferencesKeys } from './keys';

export const updatePreferenceDefaults = (themeId: ThemeId | null) =>
  apiRequest(PREFERENCES_PATHS.defaults, { method: 'PUT', body: { themeId }, schema: preferencesSchema });

export const setCurrentAsDefault = () =>
  apiRequest(PREFERENCES_PATHS.setCurrentAsDefault, { method: 'POST', schema: preferencesSchema });

function useInvalidatePreferences() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  return () => queryClient.invalidateQueries({ queryKey: preferencesKeys.preferences(organizationId, userId) });
}

export function useResetDefaults() {
  const invalidate = useInvalidatePreferences();
  return useMutation({ mutationFn: () => updatePreferenceDefaults(null), onSuccess: invalidate });
}

export function useSetCurrentAsDefault() {
  const invalidate = useInvalidatePreferences();
  return useMutation({ mutationFn: setCurrentAsDefault, onSuccess: invalidate });
}
