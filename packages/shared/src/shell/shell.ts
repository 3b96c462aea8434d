/** What the shell loads after sign-in and on organisation switch (docs/domain.md, Sign-in, the shell and organisation switching). */
import { z } from 'zod';
import { MAX_STRING } from '../core/constants.js';
import { jsonIdSchema } from '../core/common.js';
import { exportFileTimestamp } from '../picking/csv.js';
import { userProfileShape } from '../users/users.js';

export const SHELL_PATHS = {
  me: '/api/me',
  organizations: '/api/me/organizations',
  defaultOrganization: '/api/me/default-organization',
  permissions: '/api/me/permissions',
  defaultPage: '/api/me/default-page',
  farms: '/api/me/farms',
  roles: '/api/me/roles',
  menu: '/api/menu',
  menuItemsByPermissions: '/api/menu/items-by-permissions',
  organizationByName: '/api/organizations/by-name/:name',
  blob: '/api/blobs/:container/:id',
  /** a stored picture (avatar, logo, observation photo) as a download, encoded as ?type= asks */
  blobDownload: '/api/blobs/:container/:id/download',
  dirtyCache: '/api/cache/dirty',
  pageViews: '/api/page-views',
  systemStatus: '/api/system/status',
} as const;

export const currentUserSchema = z.object({
  ...userProfileShape,
  isEnabled: z.boolean(),
  isLockedOut: z.boolean(),
  isSuperUser: z.boolean(),
  last_Organization: z.number().int().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  organization_Type: z.string(),
  default_Culture_Name: z.string(),
  logo: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const setDefaultOrganizationBodySchema = z.object({ organizationId: jsonIdSchema });
export type SetDefaultOrganizationBody = z.infer<typeof setDefaultOrganizationBodySchema>;

export const permissionsResponseSchema = z.array(z.string());

export interface MenuItem {
  id: string;
  displayName: string;
  icon: string | null;
  url: string | null;
  hasSubItems: boolean;
  items: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    displayName: z.string(),
    icon: z.string().nullable(),
    url: z.string().nullable(),
    hasSubItems: z.boolean(),
    items: z.array(menuItemSchema),
  }),
);
export const menuResponseSchema = z.array(menuItemSchema);

export const menuItemsByPermissionsBodySchema = z.object({
  permissions: z.array(z.string().max(100)).max(500),
});

export const defaultPageSchema = z.object({ url: z.string().nullable() });
export type DefaultPage = z.infer<typeof defaultPageSchema>;

export const userFarmSchema = z.object({ id: z.number().int(), title: z.string() });
export const userFarmsResponseSchema = z.array(userFarmSchema);
export type UserFarm = z.infer<typeof userFarmSchema>;

export const userRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  default_Landing_Page: z.string().nullable(),
});
export const userRolesResponseSchema = z.array(userRoleSchema);
export type UserRole = z.infer<typeof userRoleSchema>;

export const blobParamsSchema = z.object({
  container: z.string().max(50),
  id: z.string().uuid(),
});

/** The encodings a photo download offers; JPEG unless asked (the file is named Photo-....jpg). */
export const PHOTO_DOWNLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
export type PhotoDownloadType = (typeof PHOTO_DOWNLOAD_TYPES)[number];
export const blobDownloadQuerySchema = z.object({ type: z.enum(PHOTO_DOWNLOAD_TYPES).default('image/jpeg') });
export const PHOTO_FILE_PREFIX = 'Photo';

/** Photo-yyyy-MM-dd-HH-mm-ss.jpg (business time), or .png when a PNG was asked for. */
export function photoFileName(at: Date, type: PhotoDownloadType = 'image/jpeg'): string {
  return `${PHOTO_FILE_PREFIX}-${exportFileTimestamp(at)}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

export const pageViewBodySchema = z.object({ path: z.string().min(1).max(MAX_STRING) });

export const systemStatusSchema = z.object({ online: z.boolean(), maintenance: z.boolean() });
export type SystemStatus = z.infer<typeof systemStatusSchema>;
