/**
 * Stream tickets. EventSource cannot send an Authorization header, so the browser first asks for a
 * ticket with its access token and then opens the stream with ?ticket=. A ticket is an HS256 JWT
 * (config.jwtSecret) with typ 'stream', its own audience (so it is never accepted as an access
 * token, nor an access token as a ticket), a random jti, a 60 s lifetime and the session (refresh-token
 * family) of the access token that asked for it, so any instance can verify it and the stream ends
 * with that session (notifications.stream.ts). Single use across instances: opening a stream spends the ticket by inserting its jti
 * into used_stream_tickets (INSERT ... ON CONFLICT DO NOTHING RETURNING), so of any number of
 * attempts with one ticket, on any instances at once, exactly one opens a stream.
 */
import { randomUUID } from 'node:crypto';
import { STREAM_TICKET_TTL_SECONDS } from '@orchard/shared/notifications';
import { SignJWT, jwtVerify } from 'jose';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import { deleteExpiredUsedTickets, insertUsedTicket } from './notifications.repository';

const ISSUER = 'orchard-ops';
const AUDIENCE = 'orchard-ops-notification-stream';
const TYPE = 'stream';

export interface VerifiedTicket {
  userId: number;
  /** the session (refresh-token family) the ticket was asked for in */
  sessionId: string;
  ticketId: string;
  /** seconds since the epoch */
  expiresAt: number;
}

export async function signStreamTicket(config: AppConfig, userId: number, sessionId: string): Promise<string> {
  return new SignJWT({ typ: TYPE, sid: sessionId })
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
    if (typeof payload.sid !== 'string' || payload.sid === '') return null;
    if (!Number.isInteger(userId) || userId <= 0) return null;
    return { userId, sessionId: payload.sid, ticketId: payload.jti, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

/** How often an instance purges used tickets, and how long past their expiry they are kept (so a
 * server whose clock runs a little behind still finds the ticket spent). */
export const USED_TICKET_PURGE_EVERY_MS = 60_000;
export const USED_TICKET_KEEP_AFTER_EXPIRY_MS = 5 * 60_000;

export interface TicketLedger {
  /** true for the one attempt that spends the ticket; false once it has been spent anywhere */
  spend(ticket: Pick<VerifiedTicket, 'ticketId' | 'expiresAt'>): Promise<boolean>;
}

/** Spends tickets in the database; now and then (at most once a minute here) forgets long-expired ones. */
export function createTicketLedger(db: AppDb, options: { onPurgeError?: (err: unknown) => void } = {}): TicketLedger {
  let lastPurge = 0;
  return {
    async spend(ticket) {
      const spent = await insertUsedTicket(db, ticket.ticketId, new Date(ticket.expiresAt * 1000));
      const now = Date.now();
      if (now - lastPurge >= USED_TICKET_PURGE_EVERY_MS) {
        lastPurge = now;
        deleteExpiredUsedTickets(db, new Date(now - USED_TICKET_KEEP_AFTER_EXPIRY_MS)).catch((err: unknown) => options.onPurgeError?.(err));
      }
      return spent;
    },
  };
}
