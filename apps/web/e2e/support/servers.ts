/**
 * Starting and stopping scripts/e2e-server.mjs (the built server on its own embedded database) from
 * the browser suite: once to seed the database every worker copies (global-setup.ts), and once per
 * worker on that copy (test.ts).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/e2e-server.mjs');

export interface E2eServer {
  /** http://localhost:PORT */
  url: string;
  port: number;
  /** where the server delivers mail: a spec that needs a mailed link starts its sink here (smtp-sink.ts) */
  smtpPort: number;
  /** stops the server gracefully (its database files are written out) and waits for it to exit */
  stop: () => Promise<void>;
}

export interface StartOptions {
  port: number;
  smtpPort: number;
  /** extra environment for scripts/e2e-server.mjs (E2E_TEMPLATE_DIR, E2E_DATA_DIR) */
  env?: Record<string, string>;
  /** prefix for the lines the server writes to stderr */
  label: string;
  timeoutMs?: number;
}

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: 'localhost' }, () => probe.close(() => resolve(true)));
  });
}

/** `preferred` when nothing listens there (another run of the suite on this machine may), else one the system picks */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred && (await listenable(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: 'localhost' }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startE2eServer({ port, smtpPort, env = {}, label, timeoutMs = 170_000 }: StartOptions): Promise<E2eServer> {
  const child = spawn(process.execPath, [SCRIPT], {
    // the IPC channel: the script stops the server when this process goes away, however it goes
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, ...env, PORT: String(port), E2E_SMTP_PORT: String(smtpPort) },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
    for (const line of chunk.split('\n')) if (line.trim()) process.stderr.write(`[${label}] ${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`${label}: scripts/e2e-server.mjs exited (${await exited}) before it was ready\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label}: not ready on ${url} after ${timeoutMs / 1000} s\n${stderr}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    smtpPort,
    stop: async () => {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`${label}: exited with ${code} on stop\n${stderr}`);
    },
  };
}
