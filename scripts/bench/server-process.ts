/**
 * The built server (apps/server/dist/server.js) as a process of its own, the way it runs in
 * production: migrated and filled with the demo data at the demo reference day by itself, its
 * memory read from /proc while it serves (so what the bench process holds is not counted).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  address: string;
  /** resident memory of the server process now, in bytes */
  rss(): number;
  /**
   * resident memory of the server's own child processes now (the embedded database's process,
   * when the server runs on a data directory), in bytes; 0 when it has none
   */
  childrenRss(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

export async function startServerProcess(root: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: address,
      LOG_LEVEL: 'warn',
      SEED_REFERENCE_DATE: '2025-06-30',
      SEED_RELEASE_NOTE_DISMISSED: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  for (let i = 0; ; i += 1) {
    if (exited) throw new Error(`the server exited before it was ready: ${stderr}`);
    if (i > 3000) throw new Error(`the server was not ready within 5 minutes: ${stderr}`);
    try {
      if ((await fetch(`${address}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    address,
    rss: () => rssOf(child.pid!),
    childrenRss() {
      const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return children.reduce((sum, pid) => sum + rssOf(Number(pid)), 0);
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await exit;
    },
  };
}
