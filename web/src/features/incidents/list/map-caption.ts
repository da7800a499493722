/**
 * What the text under the reports map says it holds: every matching report, or the newest
 * `limit` of them when more match (the server's count, or "more than" while it is unknown).
 */
export function mapCaption({
  shown,
  limit,
  total,
}: {
  shown: number;
  limit: number;
  /** The server's count of the whole match; null while counted or when it failed. */
  total: number | null;
}): string {
  const reports = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'report' : 'reports'}`;
  if (shown < limit && (total === null || total <= shown)) {
    return shown === 1
      ? 'The map shows the one report that matches.'
      : `The map shows all ${reports(shown)} that match.`;
  }
  const of = total === null ? `more than ${limit.toLocaleString('en-US')}` : reports(total);
  return `The map shows the newest ${reports(shown)} of ${of} that match (at most ${limit.toLocaleString('en-US')}: narrow the filters to see the rest).`;
}
