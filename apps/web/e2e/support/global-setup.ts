/**
 * With more than one worker, the demo data is added once: a server seeds a database in a temporary
 * directory and stops, and each worker's server starts on a copy of it (E2E_TEMPLATE_DIR, read by
 * scripts/e2e-server.mjs). Seeding takes most of a server's start (BENCHMARKS.md, Test suites); a
 * copy starts in a few seconds, also when a worker is replaced after a failure.
 * With one worker, its server seeds its own database, as a single server always did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePort, startE2eServer } from './servers';

export default async function globalSetup(config: FullConfig): Promise<(() => void) | undefined> {
  if (config.workers <= 1 || process.env.E2E_TEMPLATE_DIR) return undefined;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-e2e-template-'));
  const dataDir = path.join(root, 'db');
  const started = Date.now();
  const server = await startE2eServer({
    port: await freePort(),
    smtpPort: await freePort(),
    env: { E2E_DATA_DIR: dataDir },
    label: 'seed',
  });
  await server.stop();
  process.env.E2E_TEMPLATE_DIR = dataDir;
  console.log(`Demo data seeded once for ${config.workers} workers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
