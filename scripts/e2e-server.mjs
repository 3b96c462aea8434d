// Starts the built server for the browser suite on a fresh, empty embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-e2e-'));
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
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
