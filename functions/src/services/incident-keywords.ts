import { FieldPath, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  incidentKeywords,
  keywordsUpToDate,
  type KeywordSource,
  type RebuildIncidentKeywordsResponse,
} from '@campus-safety/model';
import { isFailedPrecondition, isNotFound } from '../platform/errors';

/** The report fields the keywords are made of, plus the stored keywords (the rebuild reads only these). */
const KEYWORD_FIELDS = [
  'incidentType',
  'nearestCampus',
  'tags',
  'email',
  'assignedTo',
  'description',
  'keywords',
] as const satisfies readonly (keyof KeywordSource | 'keywords')[];

/** Reports read per page of the rebuild (bounds its memory with any number of reports). */
const REBUILD_PAGE = 500;

/**
 * Writes a report's keywords when they differ from what its fields give, only if the report has
 * not changed since `written` was read: a newer write fires the trigger again, which then writes
 * the newer words (a deleted report needs none). The trigger's own write gives equal keywords, so it stops there (no loop).
 */
export async function refreshIncidentKeywords(
  written: DocumentSnapshot,
): Promise<'unchanged' | 'updated' | 'superseded'> {
  const data = written.data();
  if (!data || keywordsUpToDate(data.keywords, data as KeywordSource)) return 'unchanged';
  try {
    await written.ref.update(
      { keywords: incidentKeywords(data as KeywordSource) },
      { lastUpdateTime: written.updateTime! },
    );
    return 'updated';
  } catch (error) {
    // Changed or deleted since: the newer write's own event has the newer words (or none are needed).
    if (isFailedPrecondition(error) || isNotFound(error)) return 'superseded';
    throw error;
  }
}

/**
 * Gives every report whose keywords are missing or stale the right ones (reports written before
 * search existed, imports, an outage of the trigger), page by page in document order.
 */
export async function rebuildIncidentKeywords(
  db: Firestore,
): Promise<RebuildIncidentKeywordsResponse> {
  const reports = db
    .collection(COLLECTIONS.incidentReports)
    .select(...KEYWORD_FIELDS)
    .orderBy(FieldPath.documentId())
    .limit(REBUILD_PAGE);
  let checked = 0;
  let updated = 0;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const page = await (after ? reports.startAfter(after) : reports).get();
    checked += page.size;
    const outcomes = await Promise.all(page.docs.map(refreshIncidentKeywords));
    updated += outcomes.filter((o) => o === 'updated').length;
    if (page.size < REBUILD_PAGE) break;
    after = page.docs[page.size - 1];
  }
  return { checked, updated };
}
