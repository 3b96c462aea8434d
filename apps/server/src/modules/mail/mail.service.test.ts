import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { createTestDatabase } from '../../../test/helpers/db';
import { OUTBOX_ONLY_LOG_MESSAGE, deliverMail, queueMail, sendMail } from './mail.service';

function recordingLogger() {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at = (level: string) => (obj: unknown, msg: string) => {
    lines.push({ level, obj, msg });
  };
  const log = { info: at('info'), error: at('error'), warn: at('warn'), debug: at('debug') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('mail', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  const secretBody = 'Your link: https://example/reset-password?token=SECRET-TOKEN-123';

  it('without SMTP the mail stays in the outbox and the log names the recipient, never the body', async () => {
    const { log, lines } = recordingLogger();
    const id = await sendMail(handle.db, testConfig({ smtpUrl: undefined }), log, {
      to: 'grower@example.test',
      subject: 'Hello',
      text: secretBody,
    });
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ toAddress: 'grower@example.test', subject: 'Hello', textBody: secretBody, sentAt: null, error: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe(OUTBOX_ONLY_LOG_MESSAGE);
    expect(lines[0]!.msg).toBe('mail queued in outbox (no SMTP configured)');
    expect(lines[0]!.obj).toMatchObject({ to: 'grower@example.test' });
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN-123');
  });

  it('with SMTP configured, a failed delivery is recorded on the outbox row and logged without the body, not thrown', async () => {
    const { log, lines } = recordingLogger();
    const id = await queueMail(handle.db, { to: 'packer@example.test', subject: 'Hi', text: secretBody });
    await deliverMail(handle.db, testConfig({ smtpUrl: 'smtp://127.0.0.1:1' }), log, id);
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toBeTruthy();
    expect(lines.map((l) => l.level)).toEqual(['error']);
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN-123');
  });
});
