/**
 * Who runs an import posted over HTTP, and when a queued or running import has no live process left
 * to finish it (docs/import.md): each run records its owner, `host/pid/instance` (the instance is
 * drawn once per runner, so a process restarted under the same pid, as PID 1 of a container is, is
 * another owner). An unfinished run is abandoned when its owner
 * - is on this host: its pid is not a live process, or it is this process and the instance is none
 *   of this process's live runners (a predecessor, or a runner that stopped);
 * - is on another host (several hosts on one PostgreSQL): it has not said it was alive
 *   (`alive_at`, renewed every ALIVE_EVERY_MS) for ABANDONED_AFTER_MS.
 * An abandoned run is marked failed: its import was one transaction, so nothing of it was written.
 */
import crypto from 'node:crypto';
import os from 'node:os';

/** How often a runner says its unfinished runs are alive (PostgreSQL) and looks for abandoned ones. */
export const ALIVE_EVERY_MS = 30_000;
/** A run of another host whose owner has been silent this long is abandoned. */
export const ABANDONED_AFTER_MS = 5 * ALIVE_EVERY_MS;

export const ABANDONED_ERROR = 'The process running this import stopped before it finished (a restart or a crash); nothing of it was written: post it again';

/** Instances of the runners alive in this process. */
const liveHere = new Set<string>();

export interface Owner {
  tag: string;
  /** This runner stops: its instance no longer counts as alive. */
  release(): void;
}

export function newOwner(): Owner {
  const instance = crypto.randomBytes(6).toString('hex');
  liveHere.add(instance);
  return { tag: `${os.hostname()}/${process.pid}/${instance}`, release: () => void liveHere.delete(instance) };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether an unfinished run of `owner` (null: recorded before owners were) has no live process left. */
export function abandoned(owner: string | null, aliveAt: string | null, now: Date): boolean {
  const parts = owner?.split('/') ?? [];
  if (parts.length !== 3) return true;
  const [host, pidText, instance] = parts as [string, string, string];
  if (host === os.hostname()) {
    const pid = Number(pidText);
    if (pid === process.pid) return !liveHere.has(instance);
    return !Number.isInteger(pid) || pid <= 0 || !processAlive(pid);
  }
  const seen = Date.parse(aliveAt ?? '');
  return !Number.isFinite(seen) || now.getTime() - seen > ABANDONED_AFTER_MS;
}
