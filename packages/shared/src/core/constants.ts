/** Business constants of the product (docs/domain.md), in one place so code and tests agree; the screens' own timings and sizes are apps/web/src/lib/ui-constants.ts. */
export const AVATAR_MAX_BYTES = 1_000_000;
export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 200;
export const EMAIL_MAX = 200;
export const PASSWORD_MIN = 6;
export const ROLE_NAME_MIN = 2;
export const ROLE_NAME_MAX = 200;
/** The rows a page of every paged table starts with (docs/domain.md, Screens and layout). */
export const TABLE_PAGE_SIZE = 20;
/** The page sizes every paged table offers; Picking Schedule By PUC alone pages otherwise (PUC_SCHEDULE_PAGE_SIZES). */
export const TABLE_PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const APP_NAME = 'Orchard Ops';
export const ORGANIZATION_HEADER = 'x-organization-id';
export const BLOB_CONTAINERS = { avatar: 'useravatar', logo: 'Logo', update: 'update' } as const;
/** the longest string any request field accepts unless a tighter rule applies */
export const MAX_STRING = 1000;
