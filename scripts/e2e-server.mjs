// Starts the built server for the browser suite on a fresh embedded database with demo data.
//
// PORT (default 3210) and E2E_SMTP_PORT (default 2526) name where it listens and where it mails.
// The data directory is a new temporary one, removed when the server stops, unless:
// - E2E_TEMPLATE_DIR names a directory of a database seeded earlier: the new directory starts as a
//   copy of it (the browser suite seeds once and gives each worker its own copy: e2e/support);
// - E2E_DATA_DIR names the directory to use: it is kept when the server stops (how the suite makes
//   that seeded directory).
// Started with an IPC channel (by a browser-suite worker), it stops when that channel closes, so a
// worker that dies leaves no server behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = Boolean(process.env.E2E_DATA_DIR);
const dataDir = keep ? path.resolve(process.env.E2E_DATA_DIR) : fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-e2e-'));
if (!keep && process.env.E2E_TEMPLATE_DIR) fs.cpSync(process.env.E2E_TEMPLATE_DIR, dataDir, { recursive: true });
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    HOST: 'localhost',
    PORT: process.env.PORT ?? '3210',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // the demo users have dismissed the demo release note, so journeys landing on the dashboard
    // are not interrupted by its dialog (release-notes.spec.ts uses a fresh user who has not)
    SEED_RELEASE_NOTE_DISMISSED: '1',
    // many sign-ins from one address in a few minutes; the limits have their own server tests
    LOGIN_RATE_LIMIT_PER_IP: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
    ACCESS_TOKEN_TTL_SECONDS: process.env.ACCESS_TOKEN_TTL_SECONDS ?? '900',
    // mail goes to the SMTP sink a spec starts when it needs a mailed link (e2e/support/smtp-sink.ts);
    // when none listens, delivery fails quietly and the mail stays in the outbox
    SMTP_URL: `smtp://localhost:${process.env.E2E_SMTP_PORT ?? '2526'}`,
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
if (process.send) process.on('disconnect', () => stop('SIGTERM'));
child.on('exit', (code, signal) => {
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
