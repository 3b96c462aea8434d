/**
 * The server as an operating-system process: configuration errors, the embedded data-directory
 * lock, graceful shutdown on SIGTERM, and what it says when started before the web app is built.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', SEED_REFERENCE_DATE: '2025-06-30', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Kills what is still running of `servers` and removes the data directory and its lock file. */
function cleanUp(servers: ReturnType<typeof startServer>[], dataDir: string): void {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.lock`, { force: true });
}

/** The process the directory's lock names: the server's embedded database process. */
function lockOwnerPid(dataDir: string): number {
  return (JSON.parse(fs.readFileSync(`${dataDir}.lock`, 'utf8')) as { pid: number }).pid;
}

/** A process's parent, from /proc (field 4 of its stat line, after the command in parentheses). */
function parentPid(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Waits until the process is gone (or a zombie: no one may be reaping orphans here). */
async function waitForExit(pid: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return;
    }
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} did not exit in 30 s`);
}

/**
 * Waits for /readyz. A first start on an empty directory creates, migrates and fills the database
 * (BENCHMARKS.md, Test suites); the suite runs other files beside it, so the wait is
 * generous, and a miss says what the server printed and how long it waited.
 */
async function waitForReady(port: number, server: ReturnType<typeof startServer>): Promise<void> {
  const { child } = server;
  const started = Date.now();
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it was ready:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready in ${Math.round((Date.now() - started) / 1000)} s:\n${server.output()}`);
}

describe('server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-process-'));
  const port = 3600 + Math.floor(Math.random() * 300);
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}-web`, { recursive: true, force: true });
  });

  it('refuses to start with invalid configuration and lists the problems', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir, LOCKOUT_MAX_FAILURES: '0' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('LOCKOUT_MAX_FAILURES');
  }, 60_000);

  it('starts on an empty data directory, refuses a second server on it, and shuts down gracefully', async () => {
    // started before the web app is built: it says so, and so does its page
    const webDir = `${dataDir}-web`;
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: webDir });
    try {
      await waitForReady(port, first);
      expect(first.output()).toContain(`running at http://localhost:${port}`);
      expect(first.output()).toContain('admin');
      expect(first.output()).toContain(`The web app is not built (no index.html in WEB_DIST_DIR ${webDir}), so the server answers its API only.`);
      expect(first.output()).toContain('npm run build');
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm start');

      const second = startServer({ PORT: String(port + 1), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another process');

      // still serving after the refused start
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      // the lock is released: the same directory opens again, already filled (and the web app built meanwhile)
      fs.mkdirSync(webDir);
      fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Orchard Ops</title>');
      const again = startServer({ PORT: String(port + 2), DATA_DIR: dataDir, WEB_DIST_DIR: webDir });
      await waitForReady(port + 2, again);
      expect(again.output()).not.toContain('Demo data was added');
      expect(again.output()).not.toContain('The web app is not built');
      expect(await (await fetch(`http://127.0.0.1:${port + 2}/`)).text()).toBe('<!doctype html><title>Orchard Ops</title>');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 420_000);

  it('keeps its data when the server alone is killed: the database process closes the files and lets the directory go', async () => {
    const killDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-kill-'));
    const servers: ReturnType<typeof startServer>[] = [];
    try {
      const first = startServer({ PORT: String(port + 6), DATA_DIR: killDir });
      servers.push(first);
      await waitForReady(port + 6, first);
      const database = lockOwnerPid(killDir);
      expect(parentPid(database)).toBe(first.child.pid);
      first.child.kill('SIGKILL');
      await first.exited;
      await waitForExit(database);
      expect(fs.existsSync(`${killDir}.lock`)).toBe(false);

      const restarted = startServer({ PORT: String(port + 7), DATA_DIR: killDir });
      servers.push(restarted);
      await waitForReady(port + 7, restarted);
      expect(restarted.output()).not.toContain('Demo data was added');
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
    } finally {
      cleanUp(servers, killDir);
    }
  }, 420_000);

  it('starts again at once after the server and its database were killed with SIGKILL, and still refuses a second server while it runs', async () => {
    const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-crash-'));
    const servers: ReturnType<typeof startServer>[] = [];
    try {
      const first = startServer({ PORT: String(port + 3), DATA_DIR: crashDir });
      servers.push(first);
      await waitForReady(port + 3, first);
      const database = lockOwnerPid(crashDir);
      process.kill(database, 'SIGKILL');
      first.child.kill('SIGKILL');
      await first.exited;
      await waitForExit(database);
      // the lock file is left behind, naming a process that no longer exists
      expect(fs.existsSync(`${crashDir}.lock`)).toBe(true);

      // no waiting for the left-over lock to age: the restart takes it over and comes up
      const restarted = startServer({ PORT: String(port + 4), DATA_DIR: crashDir });
      servers.push(restarted);
      await waitForReady(port + 4, restarted);
      const restartedDatabase = lockOwnerPid(crashDir);
      expect(parentPid(restartedDatabase)).toBe(restarted.child.pid);
      expect(restarted.output()).not.toContain('Demo data was added');
      expect((await fetch(`http://127.0.0.1:${port + 4}/healthz`)).status).toBe(200);

      const second = startServer({ PORT: String(port + 5), DATA_DIR: crashDir });
      servers.push(second);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`is in use by another process (pid ${restartedDatabase}`);
      expect((await fetch(`http://127.0.0.1:${port + 4}/healthz`)).status).toBe(200);

      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
      expect(fs.existsSync(`${crashDir}.lock`)).toBe(false);
    } finally {
      cleanUp(servers, crashDir);
    }
  }, 420_000);

  it('stops, saying why, when its database process is killed', async () => {
    const lostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-lost-'));
    const server = startServer({ PORT: String(port + 8), DATA_DIR: lostDir });
    try {
      await waitForReady(port + 8, server);
      process.kill(lockOwnerPid(lostDir), 'SIGKILL');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('The embedded database process stopped (SIGKILL). The server stops');
    } finally {
      cleanUp([server], lostDir);
    }
  }, 420_000);
});
