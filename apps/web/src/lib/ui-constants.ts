/** The screens' own timings and sizes (docs/domain.md, Screens and layout); the server never needs them. */
export const LOGIN_BLOCK_MS = 3000;
export const LOADING_RESET_AFTER_ERROR_MS = 500;
export const WELCOME_TOAST_DELAY_MS = 500;
/** a toast shown this shortly before a navigation, with nothing pressed since, came with it (lib/toast.ts) */
export const TOAST_NAVIGATION_GRACE_MS = 1000;
export const SESSION_RESTORED_PROMPT_DELAY_MS = 500;
export const MENU_TYPEAHEAD_RESET_MS = 500;
export const MENU_ANIMATION_MS = 400;
export const ORGANISATION_DROPDOWN_MAX_HEIGHT_PX = 200;
export const AVATAR_SIZE_PX = 60;
export const TOP_LOGO_HEIGHT_PX = 25;
export const MAINTENANCE_POLL_MS = 500;
export const PERMISSION_MENU_RELOAD_MS = 500;
export const MULTISELECT_MAX_LABELS = 3;
export const NOTIFICATION_POLL_MS = 10_000;
export const USER_DIALOG_WIDTH_PX = 650;
export const ROLE_DIALOG_WIDTH_PX = 600;
export const ROLE_DIALOG_MIN_WIDTH_PX = 320;
export const ROLES_TABLE_SCROLL_HEIGHT_PX = 620;
/** query parameter on the login route that sets the client flag passed to the login call */
export const LOGIN_PATH_FLAG = 'anb';
