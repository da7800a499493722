/** Port checks before the stack starts: a busy port stops the start, naming who holds it. */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/** @typedef {{ name: string, host: string, port: number }} PortEntry */

/**
 * True when nothing listens on host:port (we can bind it ourselves).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on now, chosen by the OS: for tests and throw-away emulator configs.
 * @returns {Promise<number>}
 */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when something accepts TCP connections on host:port.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function isListening(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (/** @type {boolean} */ result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Parses `ss -ltnpH` lines: `users:(("node",pid=123,fd=20))` → "node (pid 123)".
 * @param {string} output
 * @param {number} port
 * @returns {string | null}
 */
export function holderFromSs(output, port) {
  for (const line of output.split('\n')) {
    const columns = line.trim().split(/\s+/);
    const local = columns.find((c) => new RegExp(`:${port}$`).test(c));
    if (!local) continue;
    const user = /users:\(\("([^"]+)",pid=(\d+)/.exec(line);
    if (user) return `${user[1]} (pid ${user[2]})`;
  }
  return null;
}

/** @param {number} port */
function holderViaSs(port) {
  const result = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  if (result.status !== 0) return null;
  return holderFromSs(result.stdout, port);
}

/** @param {number} port */
function holderViaLsof(port) {
  const result = spawnSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'], {
    encoding: 'utf8',
  });
  if (result.status !== 0 || !result.stdout) return null;
  const pid = /^p(\d+)/m.exec(result.stdout)?.[1];
  const command = /^c(.+)$/m.exec(result.stdout)?.[1];
  return pid ? `${command ?? 'process'} (pid ${pid})` : null;
}

/** Without ss or lsof: listening socket inode from /proc/net/tcp*, then the process owning it. */
/** @param {number} port */
function holderViaProc(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] local address "0100007F:1F90", cols[3] state 0A = LISTEN, cols[9] inode.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        return `${command || 'process'} (pid ${pid})`;
      }
    }
  }
  return null;
}

/**
 * Who holds a port, as "name (pid N)", or null when it cannot be found out.
 * @param {number} port
 * @returns {string | null}
 */
export function findPortHolder(port) {
  return holderViaSs(port) ?? holderViaLsof(port) ?? holderViaProc(port);
}

/**
 * Checks every named port; returns the busy ones with their holder.
 * @param {PortEntry[]} ports
 * @returns {Promise<(PortEntry & { holder: string | null })[]>}
 */
export async function busyPorts(ports) {
  const busy = [];
  for (const entry of ports) {
    if (!(await isPortFree(entry.port, entry.host))) {
      busy.push({ ...entry, holder: findPortHolder(entry.port) });
    }
  }
  return busy;
}

/** @param {(PortEntry & { holder: string | null })[]} busy */
export function describeBusyPorts(busy) {
  return busy
    .map(
      ({ name, port, holder }) =>
        `  port ${port} (${name}) is already in use${holder ? ` by ${holder}` : ''}`,
    )
    .join('\n');
}
