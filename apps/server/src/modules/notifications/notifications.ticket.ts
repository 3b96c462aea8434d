/**
 * Stream tickets. EventSource cannot send an Authorization header, so the browser first asks for a
 * ticket with its access token and then opens the stream with ?ticket=. A ticket is an HS256 JWT
 * (config.jwtSecret) with typ 'stream', its own audience (so it is never accepted as an access
 * token, nor an access token as a ticket), a random jti and a 60 s lifetime. It needs no table, so
 * any instance can verify it. Single use: the hub remembers used jtis until they expire and
 * announces each use to the other instances over the notification channel.
 */
import { randomUUID } from 'node:crypto';
import { STREAM_TICKET_TTL_SECONDS } from '@orchard/shared';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../../config';

const ISSUER = 'orchard-ops';
const AUDIENCE = 'orchard-ops-notification-stream';
const TYPE = 'stream';

export interface VerifiedTicket {
  userId: number;
  ticketId: string;
  /** seconds since the epoch */
  expiresAt: number;
}

export async function signStreamTicket(config: AppConfig, userId: number): Promise<string> {
  return new SignJWT({ typ: TYPE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${STREAM_TICKET_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
}

/** The ticket's user, id and expiry; null for anything invalid, expired or not a stream ticket. */
export async function verifyStreamTicket(config: AppConfig, ticket: string): Promise<VerifiedTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, config.jwtSecret, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      maxTokenAge: `${STREAM_TICKET_TTL_SECONDS}s`,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== TYPE || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { userId, ticketId: payload.jti, expiresAt: payload.exp };
  } catch {
    return null;
  }
}
