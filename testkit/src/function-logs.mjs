/**
 * What functions logged, read from the Logging emulator: the one sign a trigger leaves when it
 * runs and writes nothing (a refusal, a skip). Needs the global WebSocket (Node 22, or Node 20
 * with `--experimental-websocket`).
 */

/**
 * @typedef {{ fn: string, message: string, fields: Record<string, unknown> }} FunctionLog
 *   the function's name, the text passed to `logger.*` and the structured fields
 */

/**
 * One Logging emulator message as a function's log line, or null for any other entry.
 * @param {unknown} raw
 * @returns {FunctionLog | null}
 */
export function functionLog(raw) {
  const entry = JSON.parse(String(raw));
  const user = entry?.data?.user;
  const fn = entry?.data?.metadata?.function?.name;
  if (typeof user?.message !== 'string' || typeof fn !== 'string') return null;
  return { fn, message: user.message, fields: user };
}

/**
 * Waits until functions have logged `count` lines that `accept` takes. The Logging emulator
 * replays its history to a new client and then streams, so lines logged before the call count.
 * @param {{ port: number, accept: (log: FunctionLog) => boolean, count?: number,
 *   timeoutMs?: number }} options
 * @returns {Promise<FunctionLog[]>}
 */
export async function waitForFunctionLogs({ port, accept, count = 1, timeoutMs = 30_000 }) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}`);
  /** @type {FunctionLog[]} */
  const seen = [];
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`${seen.length} of ${count} function log lines after ${timeoutMs} ms`)),
        timeoutMs,
      );
      socket.onmessage = (event) => {
        const log = functionLog(event.data);
        if (log && accept(log)) seen.push(log);
        if (seen.length >= count) {
          clearTimeout(timer);
          resolve(seen);
        }
      };
      socket.onerror = () => {
        clearTimeout(timer);
        reject(new Error('Logging emulator not reachable'));
      };
    });
  } finally {
    socket.close();
  }
}
