/**
 * The one list of known, deliberate differences between our engine and the official emulator
 * (1.19.9). The differential suite fails on any disagreement not listed here, and on any entry
 * here whose steps agree again (so the list never goes stale). Each entry names a case of
 * cases.ts / listen-cases.ts, the labels of the steps that differ, and why the difference is kept.
 */
export interface KnownDifference {
  case: string;
  /** Step labels (see Session.call); every listed step must differ, no other may. */
  steps: string[];
  reason: string;
}

export const knownDifferences: KnownDifference[] = [
  {
    case: 'ordering across types, ascending and descending, with limit and offset',
    steps: ['orderBy __name__ descending'],
    reason:
      'The official emulator refuses descending key scans (FAILED_PRECONDITION); Firestore serves ' +
      "orderBy(__name__, desc) from its automatic single-field index, and the SDKs' limitToLast " +
      'without an orderBy sends exactly that, so ours serves it.',
  },
  {
    case: 'aggregations: count, sum, avg',
    steps: ['six aggregations'],
    reason:
      'The official emulator fails with 500 UNKNOWN on more than 5 aggregations; Firestore ' +
      'documents the limit of 5 as a bad request, which ours answers with INVALID_ARGUMENT.',
  },
  {
    case: 'errors: bad requests',
    steps: ['batchGet of a document in another project'],
    reason:
      'The official emulator (single-project mode) answers `missing` for a document of another ' +
      "project; ours refuses a name outside the request's database with INVALID_ARGUMENT, as a " +
      'read across databases is a client bug.',
  },
];
