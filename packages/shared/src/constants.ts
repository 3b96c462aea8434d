/** Business constants of the product (docs/domain.md), in one place so code and tests agree. */
export const LOGIN_BLOCK_MS = 3000;
export const LOADING_RESET_AFTER_ERROR_MS = 500;
export const WELCOME_TOAST_DELAY_MS = 500;
export const SESSION_RESTORED_PROMPT_DELAY_MS = 500;
export const MENU_TYPEAHEAD_RESET_MS = 500;
export const MENU_ANIMATION_MS = 400;
export const ORGANISATION_DROPDOWN_MAX_HEIGHT_PX = 200;
export const AVATAR_SIZE_PX = 60;
export const TOP_LOGO_HEIGHT_PX = 25;
export const MAINTENANCE_POLL_MS = 500;
export const PERMISSION_MENU_RELOAD_MS = 500;
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
export const MULTISELECT_MAX_LABELS = 3;
export const NOTIFICATION_POLL_MS = 10_000;
export const USER_DIALOG_WIDTH_PX = 650;
export const ROLE_DIALOG_WIDTH_PX = 600;
export const ROLE_DIALOG_MIN_WIDTH_PX = 320;
export const ROLES_TABLE_SCROLL_HEIGHT_PX = 620;
export const APP_NAME = 'Orchard Ops';
/** query parameter on the login route that sets the client flag passed to the login call */
export const LOGIN_PATH_FLAG = 'anb';
export const ORGANIZATION_HEADER = 'x-organization-id';
export const BLOB_CONTAINERS = { avatar: 'useravatar', logo: 'Logo', update: 'update' } as const;
/** the longest string any request field accepts unless a tighter rule applies */
export const MAX_STRING = 1000;
