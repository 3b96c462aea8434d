/** POST /api/page-views (tenant-scoped): one row per completed navigation. */
import { SHELL_PATHS } from '@orchard/shared';
import { apiRequest } from '../api-client';

export const postPageView = (path: string) =>
  apiRequest(SHELL_PATHS.pageViews, { method: 'POST', tenant: true, body: { path }, responseType: 'none' });
