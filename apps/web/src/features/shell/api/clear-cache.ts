/** POST /api/cache/dirty (super users only: the caches are every organisation's). */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { apiRequest } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';

export const clearServerCache = () => apiRequest(SHELL_PATHS.dirtyCache, { method: 'POST', responseType: 'none' });

export function useClearCache() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => clearServerCache(),
    onSuccess: () => toast.success(t('shell.success'), t('shell.cacheCleared')),
    onError: (e) => toast.error(t('shell.error'), errorText(e)),
  });
}
