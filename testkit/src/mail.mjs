/**
 * Reading the local mail catcher (mail-catcher.mjs) from a test: the mail to an address, and
 * waiting for it. Plain fetch, so it needs nothing installed.
 */
import { waitFor } from './wait.mjs';

/**
 * @typedef {{ id: number, messageId: string | null, from: string, to: string[], subject: string,
 *   text: string, html: string | null, receivedAt: string }} CaughtMail
 */

/**
 * The messages the catcher at `inboxUrl` holds for `to`, oldest first.
 * @param {string} inboxUrl
 * @param {string} to
 * @returns {Promise<CaughtMail[]>}
 */
export async function mailTo(inboxUrl, to) {
  const url = new URL('/api/messages', inboxUrl);
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Mail catcher answered ${response.status} at ${url}`);
  return /** @type {{ messages: CaughtMail[] }} */ (await response.json()).messages;
}

/**
 * Waits until the catcher holds at least `count` messages for `to` that `match` accepts, and
 * resolves with them.
 * @param {string} inboxUrl
 * @param {{ to: string, count?: number, match?: (mail: CaughtMail) => boolean,
 *   timeoutMs?: number }} options
 */
export async function waitForMail(inboxUrl, { to, count = 1, match = () => true, timeoutMs }) {
  return waitFor(
    async () => (await mailTo(inboxUrl, to)).filter(match),
    (found) => found.length >= count,
    { timeoutMs, what: `${count} mail(s) to ${to}` },
  );
}
