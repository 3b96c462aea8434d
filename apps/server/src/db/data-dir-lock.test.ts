import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory, lockPathOf, processStartTime, type LockOwner } from './data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-dirlock-'));
let n = 0;
const newDir = () => path.join(root, `data-${n++}`);

const owner = (patch: Partial<LockOwner>): LockOwner => ({
  pid: process.pid,
  host: os.hostname(),
  instance: `other-${n}`,
  createdAt: new Date().toISOString(),
  ...patch,
});
const writeLock = (dir: string, o: LockOwner) => fs.writeFileSync(lockPathOf(dir), JSON.stringify(o));
const lockOwner = (dir: string) => JSON.parse(fs.readFileSync(lockPathOf(dir), 'utf8')) as LockOwner;

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const children: { kill: () => void }[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill()));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('refuses a second holder in the same process and frees the directory on release', () => {
    const dir = newDir();
    const release = lockDataDirectory(dir);
    expect(lockOwner(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    release();
    expect(fs.existsSync(lockPathOf(dir))).toBe(false);
    lockDataDirectory(dir)();
  });

  it('takes over at once a lock whose process is gone', () => {
    const dir = newDir();
    writeLock(dir, owner({ pid: deadPid() }));
    const release = lockDataDirectory(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });

  it('refuses while the process named in the lock runs', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push({ kill: () => child.kill('SIGKILL') });
    await new Promise((r) => child.once('spawn', r));
    writeLock(dir, owner({ pid: child.pid!, startTime: processStartTime(child.pid!) }));
    expect(() => lockDataDirectory(dir)).toThrow(/is in use by another process \(pid \d+ on /);
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another process (a different start time)', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push({ kill: () => child.kill('SIGKILL') });
    await new Promise((r) => child.once('spawn', r));
    writeLock(dir, owner({ pid: child.pid!, startTime: '1' }));
    lockDataDirectory(dir)();
  });

  it.runIf(process.platform === 'linux')('takes over a lock from an earlier boot of the machine', () => {
    const dir = newDir();
    writeLock(dir, owner({ pid: 1, bootId: 'an-earlier-boot' }));
    lockDataDirectory(dir)();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose process was killed but not yet collected (a zombie)', async () => {
    const dir = newDir();
    // a child that exits at once while its parent, busy, does not collect it for a while
    const parent = spawn(
      process.execPath,
      ['-e', "const c = require('node:child_process').spawn('sleep', ['0']); console.log(c.pid); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5000)"],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push({ kill: () => parent.kill('SIGKILL') });
    const pid = Number(await new Promise<string>((r) => parent.stdout.once('data', (d: Buffer) => r(d.toString()))));
    await vi.waitFor(() => expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /), { timeout: 3000 });
    writeLock(dir, owner({ pid }));
    lockDataDirectory(dir)();
  });

  it('takes over a lock naming this pid that this process does not hold (a restarted container)', () => {
    const dir = newDir();
    writeLock(dir, owner({ pid: process.pid, startTime: processStartTime(process.pid) }));
    lockDataDirectory(dir)();
  });

  it('keeps a lock held from another host, which cannot be checked from here', () => {
    const dir = newDir();
    writeLock(dir, owner({ pid: deadPid(), host: `not-${os.hostname()}` }));
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
  });

  it('treats the directory lock of earlier versions by its age', () => {
    const dir = newDir();
    fs.mkdirSync(lockPathOf(dir));
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPathOf(dir), old, old);
    const release = lockDataDirectory(dir);
    expect(lockOwner(dir).pid).toBe(process.pid);
    release();
  });

  it('leaves no temporary or set-aside files behind', () => {
    const dir = newDir();
    writeLock(dir, owner({ pid: deadPid() }));
    lockDataDirectory(dir)();
    expect(fs.readdirSync(root).filter((f) => f.startsWith(path.basename(dir)))).toEqual([]);
  });
});
