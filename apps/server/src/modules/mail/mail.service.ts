/**
 * Sending mail. Every mail is first written to mail_outbox (inside the caller's transaction when one
 * is passed to queueMail), then delivered after commit by deliverMail: through SMTP (nodemailer)
 * when SMTP_URL is configured, otherwise it stays in the outbox and the log says so. Logs name the
 * recipient and subject, never the body (it may carry a one-time link).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/client';
import {
  findOutboxMail,
  insertOutboxMail,
  markOutboxMailFailed,
  markOutboxMailSent,
  type OutgoingMail,
} from './mail.repository';

export type { OutgoingMail } from './mail.repository';

export const OUTBOX_ONLY_LOG_MESSAGE = 'mail queued in outbox (no SMTP configured)';

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Writes the mail to the outbox; pass a transaction to make it part of a larger change. */
export function queueMail(db: AppDb, mail: OutgoingMail): Promise<number> {
  return insertOutboxMail(db, mail);
}

/**
 * Delivers a queued mail. Never throws: a failed delivery is recorded on the outbox row and logged,
 * because the change that queued the mail has already been committed.
 */
export async function deliverMail(db: AppDb, config: AppConfig, log: FastifyBaseLogger, id: number): Promise<void> {
  const mail = await findOutboxMail(db, id);
  if (!mail) return;
  if (!config.smtpUrl) {
    log.info({ mailId: id, to: mail.to, subject: mail.subject }, OUTBOX_ONLY_LOG_MESSAGE);
    return;
  }
  try {
    await transportFor(config.smtpUrl).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    await markOutboxMailSent(db, id, new Date());
    log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail sent');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await markOutboxMailFailed(db, id, message);
    log.error({ mailId: id, to: mail.to, subject: mail.subject, error: message }, 'mail delivery failed');
  }
}

/** Queue and deliver in one go, for mail that is not part of a larger change. */
export async function sendMail(db: AppDb, config: AppConfig, log: FastifyBaseLogger, mail: OutgoingMail): Promise<number> {
  const id = await queueMail(db, mail);
  await deliverMail(db, config, log, id);
  return id;
}
