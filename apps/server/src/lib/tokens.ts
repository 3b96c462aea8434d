/** Short-lived JWT access tokens (HS256). Permissions are never put in the token: the access check
 * reads them from the database (plugins/access.ts), so a role change takes effect on the next call.
 * Each token names its session (`sid`, the refresh-token family it was issued for): ending the
 * session ends its access tokens too, at the next access check. */
import { INT_MAX } from '@orchard/shared/core';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../config';

const ISSUER = 'orchard-ops';
const AUDIENCE = 'orchard-ops-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessTokenSubject {
  userId: number;
  /** the session (refresh-token family) the token belongs to */
  sessionId: string;
}

export async function signAccessToken(config: AppConfig, subject: AccessTokenSubject): Promise<string> {
  return new SignJWT({ sid: subject.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(config.jwtSecret);
}

/**
 * Tokens already verified with a configuration's secret, until they expire: a client sends the same
 * token on every call for its lifetime, and the signature check is the costliest step of a request.
 */
const verified = new WeakMap<AppConfig, Map<string, AccessTokenSubject & { expiresAt: number }>>();
const MAX_VERIFIED = 10_000;

/** The token's user and session, or null for any invalid, expired, foreign or incomplete token
 * (one lacking exp, iat, sub or sid is refused, whatever its signature). */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<AccessTokenSubject | null> {
  let known = verified.get(config);
  if (!known) {
    known = new Map();
    verified.set(config, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return { userId: hit.userId, sessionId: hit.sessionId };
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      // a token can never have been issued for longer than the configured lifetime
      maxTokenAge: `${config.accessTokenTtlSeconds}s`,
    });
    const id = Number(payload.sub);
    if (!/^[1-9][0-9]{0,9}$/.test(payload.sub ?? '') || !Number.isSafeInteger(id) || id > INT_MAX) return null;
    const sid = payload.sid;
    if (typeof sid !== 'string' || !UUID.test(sid)) return null;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, { userId: id, sessionId: sid, expiresAt: payload.exp * 1000 });
    return { userId: id, sessionId: sid };
  } catch {
    return null;
  }
}
