/**
 * What the pager says it shows: the rows' place in the whole match and the server's count of it
 * ("reports 26–50 of 73"), "of …" while that count is on its way, no figure when it failed. A
 * search says the reports match any of its words, which is what the query does.
 */
export function pageSummary({
  page,
  pageSize,
  shown,
  total,
  searching,
}: {
  page: number;
  pageSize: number;
  shown: number;
  /** The server's count; null while it is counted, 'failed' when it could not be. */
  total: number | null | 'failed';
  searching: boolean;
}): string {
  const first = (page - 1) * pageSize + 1;
  const range = shown === 0 ? 'no reports' : `reports ${first}–${first + shown - 1}`;
  const of =
    total === 'failed'
      ? ' (total not available)'
      : ` of ${total === null ? '…' : total.toLocaleString('en-US')}`;
  return `${range}${of}${searching ? ' matching any search word' : ''}`;
}
