/** Short-lived JWT access tokens (HS256). Permissions are never put in the token: the access check
 * reads them from the database (plugins/access.ts), so a role change takes effect on the next call. */
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../config';

const ISSUER = 'orchard-ops';
const AUDIENCE = 'orchard-ops-api';

export async function signAccessToken(config: AppConfig, userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
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
const verified = new WeakMap<AppConfig, Map<string, { userId: number; expiresAt: number }>>();
const MAX_VERIFIED = 10_000;

/** Returns the user id, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<number | null> {
  let known = verified.get(config);
  if (!known) {
    known = new Map();
    verified.set(config, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.userId;
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) return null;
    if (typeof payload.exp === 'number') {
      if (known.size >= MAX_VERIFIED) known.clear();
      known.set(token, { userId: id, expiresAt: payload.exp * 1000 });
    }
    return id;
  } catch {
    return null;
  }
}
