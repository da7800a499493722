import { COLLECTIONS, type CountedRecord, type RecordCount } from '@campus-safety/model';
import { doc, writeBatch, type DocumentData, type Firestore } from 'firebase/firestore';

/** `incident_reports/{reportId}/record_counts/{kind}`. */
export function recordCountRef(db: Firestore, reportId: string, kind: CountedRecord) {
  return doc(db, COLLECTIONS.incidentReports, reportId, COLLECTIONS.recordCounts, kind);
}

/**
 * Writes a note or accomplishment (`kind`, id `id`) under `reportId` the way the console does:
 * in one commit with the report's count grown to `count` and naming it; `data` gets the count
 * written. `counter` overrides what the count doc says (null: written without counting it).
 */
export function countedWrite(
  db: Firestore,
  reportId: string,
  kind: CountedRecord,
  id: string,
  how: 'set' | 'update',
  data: (count: number) => DocumentData,
  count: number,
  counter: Partial<RecordCount> | null = {},
): Promise<void> {
  const batch = writeBatch(db);
  const target = doc(db, COLLECTIONS.incidentReports, reportId, kind, id);
  const written = { count, lastId: id, ...counter };
  if (how === 'set') batch.set(target, data(written.count));
  else batch.update(target, data(written.count));
  if (counter) batch.set(recordCountRef(db, reportId, kind), written);
  return batch.commit();
}
