import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIMITS, reportLimitText } from '@campus-safety/model';

/**
 * What the reporter app says about a write without a connection (docs/reporter-app.md#offline):
 * the one home of its words and of the decisions that lead to them.
 */

/** A report or message the device holds until the server confirms it. */
export const SAVED_ON_DEVICE_TEXT = "Saved on this device — will be sent when you're back online.";
/** The same write while the connection is up and the server has not answered yet. */
export const SENDING_TEXT = 'Sending…';
/** An anonymous report is a callable (the server keeps who sent it apart): it cannot wait. */
export const ANONYMOUS_NEEDS_CONNECTION_TEXT =
  "You're offline: an anonymous report needs a connection. What you wrote is kept here; send it " +
  "when you're back online.";

/**
 * An emergency alert cannot wait on the device (minutes later it would alarm nobody in time, and
 * its hourly count is a transaction): offline, the SOS dialog says so and points to the call,
 * which needs no data connection.
 */
export const SOS_NEEDS_CONNECTION_TEXT =
  "You're offline: an emergency alert needs a connection. Call campus police now; a call works " +
  'without mobile data.';

/**
 * Said on every page of the app while the browser has no connection: what still works, and why
 * the lists wait (they show only what the server confirmed, never a partial list from the cache).
 */
export const OFFLINE_TEXT =
  "You're offline. A report or message you write is saved on this device and sent when you're " +
  'back online; your lists and messages update then.';

/** A report held on the device that the server refused when it arrived (the rules said no). */
export const REPORT_REFUSED_TITLE = 'This report was not sent';
export const REPORT_REFUSED_KEPT =
  'What you wrote is kept on this device. Send it again, or discard it.';
/** The refused report's own page: the report is not on the server, its content is above. */
export const REPORT_REFUSED_PAGE_TEXT =
  'The server did not take this report. It is shown above with what you wrote, to send again.';
const DAY_MS = 86_400_000;

/**
 * Why the server refused a report this device held, in the reporter's words: the hour's limit
 * when the quota is full now (`fullUntil`), a report that waited longer than a report may, else
 * the one other cause the app knows of: the device counted it into an hour that, unseen offline,
 * another device of the reporter's had already started.
 */
export function reportRefusedReason(
  refused: { fullUntil: Date | null; writtenAt: number; now: number },
  timeZone: string,
): string {
  if (refused.fullUntil) return reportLimitText(refused.fullUntil, timeZone);
  if (refused.now - refused.writtenAt >= LIMITS.reportWrittenMaxAgeDays * DAY_MS)
    return `It waited on this device more than ${LIMITS.reportWrittenMaxAgeDays} days, longer than a report may wait.`;
  return (
    'When your connection came back, the server could not count it with the reports you had ' +
    'sent in the same hour from another device.'
  );
}

/** The first words of a message, to name it. */
function excerpt(text: string) {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * A message held on the device that the server refused when it arrived, said with its text under
 * the composer (after "Not sent: "). A rules refusal names no cause: the likely ones are said.
 */
export function messageRefusedText(text: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const why = /permission/i.test(reason)
    ? 'the report may have been closed, or you sent many messages at once from another device'
    : reason.replace(/\.$/, '');
  return `“${excerpt(text)}” was refused when your connection came back (${why}). Write it again if it still matters.`;
}

/** Where a written document stands: confirmed, waiting for the server, or held on the device. */
export type Delivery = 'sent' | 'sending' | 'on-device';

export function deliveryOf(pendingWrites: boolean, online: boolean): Delivery {
  if (!pendingWrites) return 'sent';
  return online ? 'sending' : 'on-device';
}

/** What the reporter reads for it (nothing once it is sent). */
export function deliveryText(delivery: Delivery): string | null {
  if (delivery === 'on-device') return SAVED_ON_DEVICE_TEXT;
  return delivery === 'sending' ? SENDING_TEXT : null;
}

/** The browser's own idea of the connection (`navigator.onLine`, its online/offline events). */
export interface Connection {
  onLine: boolean;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

const browser = (): Connection => ({
  get onLine() {
    return navigator.onLine;
  },
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  removeEventListener: (type, listener) => window.removeEventListener(type, listener),
});

/**
 * Waits for a write held on the device: 'sent' once the server took it; 'on-device' at once
 * without a connection, or as soon as it drops (the server's answer comes only when it returns).
 * A refusal while online rejects, so the form can say why and keep what was typed.
 */
export function untilSentOrHeld(
  sent: Promise<void>,
  connection: Connection = browser(),
): Promise<'sent' | 'on-device'> {
  if (!connection.onLine) {
    // Settled later, after the form has moved on; a refusal then is logged where it is written.
    sent.catch(() => undefined);
    return Promise.resolve('on-device');
  }
  return new Promise((resolve, reject) => {
    const held = () => {
      sent.catch(() => undefined);
      resolve('on-device');
    };
    connection.addEventListener('offline', held);
    sent
      .then(
        () => resolve('sent'),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => connection.removeEventListener('offline', held));
  });
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a connection, following its changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Tries of a refused listener of a document held on the device (below), a second apart and more. */
const ARRIVAL_RETRIES = 5;

/**
 * A listener of a document this device wrote without a connection can be refused once when the
 * connection returns: the server may answer it before the queued write lands, and the rules then
 * read no document. While `held`, such a failure is tried again a few times, further apart each
 * time; `retrying` says the failure is not the last word yet.
 */
export function useRetryWhileArriving(live: { status: string; retry: () => void }, held: boolean) {
  const tries = useRef(0);
  const retry = useRef(live.retry);
  retry.current = live.retry;
  const retrying = held && live.status === 'error' && tries.current < ARRIVAL_RETRIES;
  useEffect(() => {
    if (!retrying) return;
    tries.current += 1;
    const timer = setTimeout(() => retry.current(), 1000 * tries.current);
    return () => clearTimeout(timer);
  }, [retrying]);
  return retrying;
}
