/** The mail_outbox table: every mail the server sends is written here first. */
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export async function insertOutboxMail(db: AppDb, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function findOutboxMail(db: AppDb, id: number) {
  const [row] = await db
    .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return row ?? null;
}

export async function markOutboxMailSent(db: AppDb, id: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at, error: null }).where(eq(mailOutbox.id, id));
}

export async function markOutboxMailFailed(db: AppDb, id: number, error: string): Promise<void> {
  await db.update(mailOutbox).set({ error: error.slice(0, 1000) }).where(eq(mailOutbox.id, id));
}
