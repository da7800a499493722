import type { DocumentData, DocumentReference, Firestore } from 'firebase/firestore';

export function quotaWithReport(
  current: DocumentData | undefined,
  reportId: string,
  nowMs?: number,
): DocumentData | null;

export function fileReportAsApp(
  db: Firestore,
  uid: string,
  fields: DocumentData,
  ref?: DocumentReference,
): Promise<DocumentReference>;
