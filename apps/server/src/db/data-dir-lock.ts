// PGlite is one process only: two processes opening one folder corrupt it. So the folder has a
// lock file naming its holder, and a start refuses while that holder lives. "Lives" must survive
// kill -9 and containers, where a plain pid check fails both ways:
// - as PID 1 in a container every start has the pid of the last one, which "is alive" (it is us);
// - a pid can be reused by another process, or linger as a zombie not yet reaped.
// So the lock records the pid, the process's start time (field 22 of /proc/<pid>/stat, in clock
// ticks since boot) and the boot id; the holder lives only if a process with that pid exists, is
// not us, is not a zombie, and started at that very time in this boot. Without /proc (macOS) the
// pid alone is checked, still never equal to our own. A pid means nothing across PID namespaces:
// one folder must not be shared by two containers.
import fs from 'node:fs';
import path from 'node:path';

interface Holder {
  pid: number;
  startTime?: string;
  bootId?: string;
}

function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return null;
  }
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

const hasProc = () => fs.existsSync('/proc/self/stat');

function currentHolder(): Holder {
  const holder: Holder = { pid: process.pid };
  const stat = procStat(process.pid);
  const boot = bootId();
  if (stat) holder.startTime = stat.startTime;
  if (boot) holder.bootId = boot;
  return holder;
}

/** Reads a lock: ours is JSON; an older Kurir wrote the bare pid. */
function readHolder(lockPath: string): Holder | null {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Holder | number;
    const holder = typeof parsed === 'number' ? { pid: parsed } : parsed;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null; // half-written by a process killed mid-write: nobody holds it
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function holderIsAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false; // the last life of this pid (PID 1 in a container)
  if (!hasProc()) return pidExists(holder.pid);
  const stat = procStat(holder.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  if (holder.bootId && holder.bootId !== bootId()) return false;
  // A lock without a start time (an older Kurir) trusts the pid, as before.
  return holder.startTime === undefined || holder.startTime === stat.startTime;
}

/** Takes the lock next to the PGlite folder; returns its release. */
export function takeDataDirLock(dir: string): () => void {
  const lockPath = path.join(dir, '..', 'kurir.lock');
  const me = currentHolder();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' });
      return () => {
        // Only our own lock: never a lock a later process took over after deciding we were gone.
        const holder = readHolderSafely(lockPath);
        if (holder?.pid === me.pid && holder.startTime === me.startTime) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolderSafely(lockPath);
      if (holder && holderIsAlive(holder)) {
        throw new Error(
          `The data folder ${path.dirname(lockPath)} is in use by process ${holder.pid}. ` +
            'Stop it, or point DATA_DIR at another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

function readHolderSafely(lockPath: string): Holder | null {
  try {
    return readHolder(lockPath);
  } catch {
    return null;
  }
}
