/**
 * Keeps the theme in step with the session: the application default while nobody is signed in
 * (the login route), the user's saved theme once signed in or restored at start-up.
 */
import { APP_DEFAULT_THEME_ID, PREFERENCES_PATHS } from '@orchard/shared/preferences';
import { apiRequest } from './api-client';
import { sessionStore } from './session/session-store';
import { applyTheme } from './theme';
import { isThemeId } from './theme-urls';

/** The signed-in user's theme (GET /api/preferences; checked by hand so no zod loads here). */
export async function fetchSavedTheme(organizationId: number): Promise<string> {
  const data = await apiRequest<{ themeId?: unknown }>(PREFERENCES_PATHS.preferences, { tenant: organizationId });
  return isThemeId(data?.themeId) ? data.themeId : APP_DEFAULT_THEME_ID;
}

let started = false;

export function startThemeSync(): void {
  if (started) return;
  started = true;
  let signedInAs: number | null = null;
  const sync = () => {
    const { status, userId, organizationId } = sessionStore.getState();
    if (status === 'authenticated' && userId != null && organizationId != null) {
      if (signedInAs === userId) return;
      signedInAs = userId;
      fetchSavedTheme(organizationId).then(
        (themeId) => {
          if (sessionStore.getState().userId === userId) void applyTheme(themeId);
        },
        () => undefined, // keep the theme in use; the preferences page reports load errors
      );
    } else if (status === 'anonymous') {
      signedInAs = null;
      void applyTheme(APP_DEFAULT_THEME_ID);
    }
  };
  sessionStore.subscribe(sync);
  sync();
}
