/** PUT /api/preferences {themeId}: saves the theme for the user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PREFERENCES_PATHS, preferencesSchema, type ThemeId } from '@orchard/shared/preferences';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { preferencesKeys } from './keys';

export const updateTheme = (themeId: ThemeId) =>
  apiRequest(PREFERENCES_PATHS.preferences, { method: 'PUT', body: { themeId }, schema: preferencesSchema });

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  const organizationId = useSession((s) => s.organizationId);
  const userId = useSession((s) => s.userId);
  return useMutation({
    mutationFn: updateTheme,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesKeys.preferences(organizationId, userId) }),
  });
}
