/** POST /api/cache/dirty (needs system.clearCache). */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHELL_PATHS } from '@orchard/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-store';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

export const clearServerCache = (organizationId: number) => apiRequest(SHELL_PATHS.dirtyCache, { method: 'POST', tenant: organizationId, responseType: 'none' });

export function useClearCache() {
  const organizationId = useSession((s) => s.organizationId);
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => clearServerCache(organizationId as number),
    onSuccess: () => toast.success(t('shell.success'), t('shell.cacheCleared')),
    onError: (e) => toast.error(t('shell.error'), errorText(e)),
  });
}
