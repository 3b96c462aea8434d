/** Short-lived JWT access tokens (HS256). Permissions are never put in the token: they are read
 * per request so a role change takes effect on the next call. */
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

/** Returns the user id, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
