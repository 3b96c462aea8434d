/**
 * The refresh-token cookie, as the token endpoint sets it and as a password change that replaces the
 * caller's session sets it again: httpOnly, SameSite=Strict, scoped to /connect, and persistent
 * only with remember-me (lasting as long as the token); otherwise a session cookie.
 */
import { REFRESH_COOKIE } from '@orchard/shared/auth';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

const COOKIE_PATH = '/connect';

/** What the cookie needs of a session the token endpoint or a password change issued. */
export interface RefreshCookieSession {
  refreshToken: string;
  rememberMe: boolean;
  expiresAt: Date;
}

function cookieOptions(config: AppConfig): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', secure: config.cookieSecure, path: COOKIE_PATH };
}

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, session: RefreshCookieSession): void {
  const options = cookieOptions(config);
  if (session.rememberMe) {
    options.maxAge = Math.max(0, Math.round((session.expiresAt.getTime() - Date.now()) / 1000));
  }
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, options);
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

/** The refresh token a request presents: in the body (API clients) or else in the cookie (browsers). */
export function presentedRefreshToken(request: FastifyRequest, fromBody?: string): string | undefined {
  return fromBody || request.cookies[REFRESH_COOKIE] || undefined;
}
