/**
 * What the pager says it shows: the rows' place in the whole match and the server's count of it
 * ("reports 26–50 of 73"), "of …" while that count is on its way. A search says the reports
 * match any of its words, which is what the query does.
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
  total: number | null;
  searching: boolean;
}): string {
  const first = (page - 1) * pageSize + 1;
  const of = total === null ? '…' : total.toLocaleString('en-US');
  const range = shown === 0 ? 'no reports' : `reports ${first}–${first + shown - 1}`;
  return `${range} of ${of}${searching ? ' matching any search word' : ''}`;
}
