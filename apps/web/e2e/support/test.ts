/**
 * The browser suite's `test`: Playwright's, with a server and database of its own for each worker.
 * Every spec imports `test` and `expect` from here (not from '@playwright/test', whose `test` has
 * no baseURL in this suite, so a page.goto('/…') fails at once).
 *
 * A worker starts scripts/e2e-server.mjs on port E2E_PORT + its worker index (3210, 3211, … by
 * default; a free port instead when that one is taken) on a fresh embedded database with demo data
 * (a copy of the one global-setup.ts seeded, with more than one worker), and mails to its own SMTP
 * port (E2E_SMTP_PORT + worker index). A spec file runs entirely in one worker, so journeys in other
 * workers never see its changes; the files before it in the same worker do, as they did with one
 * server. A worker replaced after a failed journey starts a new server on a new copy.
 */
import { test as base } from '@playwright/test';
import { freePort, startE2eServer, type E2eServer } from './servers';

export * from '@playwright/test';

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

// (the second parameter is called `provide`, not `use`: the React hooks lint rule takes a call to
// `use` for a hook)
export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, provide, workerInfo) => {
      const port = await freePort(BASE_PORT + workerInfo.workerIndex);
      const smtpPort = await freePort(BASE_SMTP_PORT + workerInfo.workerIndex);
      const env: Record<string, string> = process.env.E2E_TEMPLATE_DIR ? { E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR } : {};
      const server = await startE2eServer({ port, smtpPort, env, label: `server :${port}` });
      await provide(server);
      await server.stop();
    },
    // seeding its own database (one worker) takes up to a minute on a busy 2-core machine
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ e2eServer }, provide) => {
    await provide(e2eServer.url);
  },
});
