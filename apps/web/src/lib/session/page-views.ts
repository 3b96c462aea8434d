/** POST /api/page-views (tenant-scoped): one row per completed navigation. */
import { SHELL_PATHS } from '@orchard/shared/shell';
import { apiRequest } from '../api-client';

export const postPageView = (organizationId: number, path: string) =>
  apiRequest(SHELL_PATHS.pageViews, { method: 'POST', tenant: organizationId, body: { path }, responseType: 'none' });
