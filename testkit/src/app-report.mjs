/**
 * A report filed as the reporter app filed it online before issue 32 (the app now writes a batch
 * that can wait offline, web/src/data/firestore.ts createQueuedInReportQuota): the
 * report and the reporter's hourly quota `report_quotas/{uid}` in one transaction, as the rules
 * require (firestore.rules withinReportQuota; docs/security-rules.md). For the suites, seed-like
 * scripts and benches that write reports through the web SDK under the product's rules.
 */
import { collection, doc, runTransaction, serverTimestamp } from 'firebase/firestore';
import { COLLECTIONS, nextReportQuota } from '@campus-safety/model';

/** What `report_quotas/{uid}` becomes with `reportId`, as a write (the commit's time for a new window). */
export function quotaWithReport(current, reportId, nowMs = Date.now()) {
  const next = nextReportQuota(current, nowMs, reportId);
  if ('full' in next) return null;
  return {
    ...next,
    windowStart: next.windowStart === 'now' ? serverTimestamp() : next.windowStart,
  };
}

/**
 * Writes `fields` as a new report of `uid` (at `ref`, or a fresh id) with its quota count. A full
 * window writes nothing and throws an Error naming until when. Returns the report's reference.
 */
export async function fileReportAsApp(
  db,
  uid,
  fields,
  ref = doc(collection(db, COLLECTIONS.incidentReports)),
) {
  const quota = doc(db, COLLECTIONS.reportQuotas, uid);
  await runTransaction(db, async (tx) => {
    const next = quotaWithReport((await tx.get(quota)).data(), ref.id);
    if (!next) throw new Error(`The hourly report quota of ${uid} is full`);
    tx.set(quota, next);
    tx.set(ref, fields);
  });
  return ref;
}
