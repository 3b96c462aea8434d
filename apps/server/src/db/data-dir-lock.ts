/**
 * One process per embedded database directory (PGlite is single-process: a second server on the
 * same files would corrupt them).
 *
 * The lock is a file beside the directory (`<dir>.lock`), created atomically and naming its owner:
 * pid, host, the kernel's boot id and the process's start time where the system tells them, and a
 * random instance id. Whoever finds the file decides at once whether its owner still runs:
 * - another host: cannot be checked from here, so the lock holds;
 * - another boot of this machine, or a pid that no longer exists (or is a zombie): stale;
 * - a live pid whose start time differs from the recorded one: the pid was reused, stale;
 * - this very pid: held only if this process took it (a restarted container often gets the same
 *   pid as the process that died before it).
 * A stale lock is taken over immediately, so a server killed with SIGKILL starts again at once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

export interface LockOwner {
  pid: number;
  host: string;
  instance: string;
  /** /proc/sys/kernel/random/boot_id (Linux) */
  bootId?: string;
  /** the process's start time in clock ticks after boot, from /proc/<pid>/stat (Linux) */
  startTime?: string;
  createdAt: string;
}

export class DataDirectoryInUseError extends Error {
  /** who holds the lock, where its file says */
  readonly owner: LockOwner | undefined;

  constructor(dir: string, owner?: LockOwner) {
    const by = owner ? ` (pid ${owner.pid} on ${owner.host})` : '';
    super(
      `The data directory ${dir} is in use by another process${by}. Stop that process first (or set DATABASE_URL). ` +
        `If no server uses it any more, delete ${lockPathOf(dir)}.`,
    );
    this.name = 'DataDirectoryInUseError';
    this.owner = owner;
  }
}

export const lockPathOf = (dir: string) => `${dir}.lock`;

/** Instance ids of the locks this process holds. */
const heldHere = new Set<string>();

/** A lock file this old whose contents cannot be read is left over, not being written. */
const UNREADABLE_STALE_MS = 10_000;
/** The directory lock of earlier versions (proper-lockfile) refreshed its mtime every 7.5 s. */
const LEGACY_STALE_MS = 15_000;

function readFileTrimmed(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

const bootId = (): string | undefined => readFileTrimmed('/proc/sys/kernel/random/boot_id');

/** Fields 3 onwards of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function procStat(pid: number): string[] | undefined {
  const stat = readFileTrimmed(`/proc/${pid}/stat`);
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : undefined;
}

/** The process's start time (field 22), where the system tells it. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it just is not ours to signal
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: os.hostname(),
    instance: randomUUID(),
    bootId: bootId(),
    startTime: processStartTime(process.pid),
    createdAt: new Date().toISOString(),
  };
}

/** Whether the process named in a lock may still be running. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  if (owner.pid === process.pid) return heldHere.has(owner.instance);
  if (!processExists(owner.pid)) return false;
  const stat = procStat(owner.pid);
  // killed, only waiting for its parent to collect its exit status
  if (stat?.[0] === 'Z') return false;
  const started = stat?.[19];
  if (owner.startTime && started && owner.startTime !== started) return false;
  return true;
}

type Found = { kind: 'none' } | { kind: 'owner'; owner: LockOwner } | { kind: 'unreadable' | 'legacy'; ageMs: number };

function inspect(lockPath: string): Found {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(lockPath);
  } catch {
    return { kind: 'none' };
  }
  const ageMs = Date.now() - stat.mtimeMs;
  if (stat.isDirectory()) return { kind: 'legacy', ageMs };
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (Number.isInteger(owner.pid) && typeof owner.host === 'string' && typeof owner.instance === 'string') {
      return { kind: 'owner', owner: owner as LockOwner };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
  }
  return { kind: 'unreadable', ageMs };
}

/** Creates the lock file with complete contents in one step; false when it already exists. */
function tryCreate(lockPath: string, owner: LockOwner): boolean {
  const temp = `${lockPath}.${owner.instance}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(owner)}\n`);
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Removes a stale lock. It is first renamed to a name of our own (atomic: of several processes
 * breaking the same lock only one gets it), then checked to be the lock judged stale; a lock that
 * someone created in between is put back.
 */
function breakStale(lockPath: string, judged: Found): void {
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = inspect(aside);
  const same = judged.kind === 'owner' ? moved.kind === 'owner' && moved.owner.instance === judged.owner.instance : moved.kind === judged.kind;
  if (!same) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // another lock was created meanwhile: it stands
    }
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * Takes the lock of an embedded database directory; throws DataDirectoryInUseError while a live
 * process holds it. Returns the release function.
 */
export function lockDataDirectory(dir: string): () => void {
  const lockPath = lockPathOf(dir);
  const me = currentOwner();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath, me)) {
      heldHere.add(me.instance);
      return () => releaseLock(lockPath, me);
    }
    const found = inspect(lockPath);
    if (found.kind === 'none') continue;
    if (found.kind === 'owner' && ownerAlive(found.owner)) throw new DataDirectoryInUseError(dir, found.owner);
    if (found.kind === 'unreadable' && found.ageMs < UNREADABLE_STALE_MS) throw new DataDirectoryInUseError(dir);
    if (found.kind === 'legacy' && found.ageMs < LEGACY_STALE_MS) throw new DataDirectoryInUseError(dir);
    breakStale(lockPath, found);
  }
  throw new DataDirectoryInUseError(dir);
}

function releaseLock(lockPath: string, me: LockOwner): void {
  heldHere.delete(me.instance);
  const found = inspect(lockPath);
  if (found.kind === 'owner' && found.owner.instance === me.instance) fs.rmSync(lockPath, { force: true });
}
