/** Sign-in: the token endpoint and its answers. */
import { z } from 'zod';
import { MAX_STRING } from '../core/constants.js';

export const AUTH_PATHS = {
  token: '/connect/token',
  logout: '/connect/logout',
} as const;

/** Name of the httpOnly cookie that carries the rotating refresh token. */
export const REFRESH_COOKIE = 'oo_refresh';

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(MAX_STRING),
  password: z.string().min(1).max(MAX_STRING),
  remember_me: booleanish.optional().default(false),
  /** the client flag set by ?path=anb on the login route */
  path: z.string().max(50).optional(),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  /** optional: browsers send the httpOnly cookie instead */
  refresh_token: z.string().max(MAX_STRING).optional(),
});

export const tokenBodySchema = z.discriminatedUnion('grant_type', [passwordGrantSchema, refreshGrantSchema]);
export type TokenBody = z.input<typeof tokenBodySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** seconds */
  expires_in: z.number().int(),
  user_id: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** the token endpoint's error messages and reasons: in a module of their own, without zod */
export { LOGIN_ERROR_MESSAGES, LOGIN_ERROR_REASONS } from './auth-errors.js';
