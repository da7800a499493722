/** Child processes the stack starts: own process groups, logs on disk, stopped as a whole. */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Every live descendant of pid (children first found through /proc/<pid>/stat's ppid). */
export function descendants(pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command: state ppid ...
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroupOrPid(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts a command in its own process group with stdout/stderr appended to logFile (and passed
 * to onLine, line by line). Returns a handle whose `exited` promise resolves with the exit code.
 */
export function startProcess(command, args, { cwd, env, logFile, onLine } = {}) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const feed = (chunk) => {
    log.write(chunk);
    if (!onLine) return;
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout.on('data', feed);
  child.stderr.on('data', feed);
  const exited = new Promise((resolve) => {
    child.once('error', (error) => {
      log.write(`\n${error.stack ?? error}\n`);
      resolve({ code: null, signal: null, error });
    });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  }).then((result) => new Promise((resolve) => log.end(() => resolve(result))));
  let knownDescendants = [];
  return {
    child,
    pid: child.pid,
    logFile,
    exited,
    /** Remember the process tree now, so children that escape the group are stopped too. */
    snapshotTree() {
      if (child.pid && alive(child.pid)) knownDescendants = descendants(child.pid);
    },
    /**
     * Graceful stop: `signal` to the group, then SIGKILL after graceMs. Descendants that run in
     * process groups of their own (firebase-tools starts Java emulators detached) are stopped
     * the same way once the parent is gone.
     */
    async stop({ signal = 'SIGINT', graceMs = 15_000 } = {}) {
      this.snapshotTree();
      const tree = [...knownDescendants];
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        signalGroupOrPid(child.pid, signal);
        const timer = setTimeout(() => signalGroupOrPid(child.pid, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      await stopLeftovers(tree, graceMs);
      return exited;
    },
  };
}

/** Stops processes that outlived their parent: SIGTERM, then SIGKILL after graceMs. */
export async function stopLeftovers(pids, graceMs = 5_000) {
  const left = pids.filter(alive);
  if (left.length === 0) return;
  for (const pid of left) signalGroupOrPid(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && left.some(alive)) await new Promise((r) => setTimeout(r, 100));
  for (const pid of left.filter(alive)) signalGroupOrPid(pid, 'SIGKILL');
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, { cwd, env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? 'ignore' : 'inherit' });
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}
