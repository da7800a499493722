import type { Firestore, Transaction } from 'firebase-admin/firestore';

/**
 * Google's emulator answers a transaction it dropped for a competing one on the same document
 * (housekeeping escalating a report while its assignment's steps page and announce) with
 * INVALID_ARGUMENT "Transaction is invalid or closed". The SDK retries ABORTED and "transaction
 * has expired" only, so it passes this on, though nothing was written: the whole transaction is
 * run again, like an ABORTED one.
 */
const DROPPED = /Transaction is invalid or closed/;
const ATTEMPTS = 5;
const FIRST_PAUSE_MS = 50;

export async function runTransaction<T>(
  db: Firestore,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.runTransaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !(error instanceof Error && DROPPED.test(error.message)))
        throw error;
      // Jittered, doubling: the competitor finishes meanwhile, and two losers do not meet again.
      const pause = FIRST_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
