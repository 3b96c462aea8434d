/**
 * The token endpoints: the same values as AUTH_PATHS in @orchard/shared (auth-paths.test.ts keeps
 * them equal). Declared here because the shared module that holds them also builds zod schemas at
 * load time, and the login route must not download zod (bundle budget).
 */
export const AUTH_ENDPOINTS = {
  token: '/connect/token',
  logout: '/connect/logout',
} as const;
