import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * Each worker runs its journeys against a server and database of its own (e2e/support/test.ts), so
 * workers never see each other's changes. E2E_WORKERS sets how many (`--workers` works too); by
 * default 2 on CI and half the cores elsewhere: each worker keeps a browser, a server and its
 * database process busy.
 */
const WORKERS = Number(process.env.E2E_WORKERS) || (process.env.CI ? 2 : Math.max(1, Math.floor(os.availableParallelism() / 2)));

/**
 * Debian's headless shell (package chromium-headless-shell) is the browser Playwright itself runs
 * headless: the same Blink and V8 without the full browser's UI, and a quarter less CPU per journey
 * on a 2-core machine than the full chromium in its headless mode. The full browser serves when the
 * shell is not installed.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => fs.existsSync(path)) ?? '/usr/bin/chromium';

/**
 * Browser suite: Debian's Chromium against the built app served by the real server on a fresh
 * embedded database with demo data (scripts/e2e-server.mjs), one per worker (e2e/support/test.ts).
 */
export default defineConfig({
  testDir: './e2e',
  // a spec file's journeys run in order in one worker: later ones may build on earlier ones' data
  fullyParallel: false,
  workers: WORKERS,
  globalSetup: './e2e/support/global-setup.ts',
  // On CI one retry absorbs a timing slip on a busy shared runner; the list reporter still names
  // every test that needed it as "flaky", so a repeat offender is visible and gets fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    // no baseURL here: each worker's is its own server's (e2e/support/test.ts)
    // A trace records every action's DOM snapshot and screenshots, kept or not: recorded for every
    // journey it cost a quarter of the suite's time (pest-dashboard + harvest: 183 s against 135 s).
    // On CI a failing journey is run once more, and that run is traced; locally, `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The offline shell's service worker would answer requests before page.route() sees them; the
    // journeys that need it allow it themselves (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
