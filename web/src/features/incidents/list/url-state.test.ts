import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './query-spec';
import {
  FIRST_VIEW,
  nextPageView,
  pageLinkProblem,
  paramsOfView,
  previousPageView,
  viewFromParams,
  withFilter,
  type IncidentView,
} from './url-state';

const row = (id: string) => ({ seconds: 1_790_000_000, nanoseconds: 123_456_789, id });
const url = (view: IncidentView) => paramsOfView(view).toString();
const parse = (query: string) => viewFromParams(new URLSearchParams(query));

describe('reports view <-> URL', () => {
  const filtered: IncidentView = {
    list: 'all',
    filters: {
      ...EMPTY_FILTERS,
      search: 'laptop café',
      status: 'Processing',
      campus: 'north',
      threatLevel: 'High',
      incidentType: 'Theft',
      tag: 'cctv review',
      from: '2026-11-01',
      to: '2026-11-23',
    },
    page: 3,
    boundary: { side: 'after', ...row('demo-incident-07') },
    openId: 'demo-incident-09',
  };

  it('the first unfiltered page is the bare address', () => {
    expect(url(FIRST_VIEW)).toBe('');
    expect(parse('')).toEqual(FIRST_VIEW);
  });

  it('opens on the triage queues; every report is `view=all`', () => {
    expect(parse('view=all').list).toBe('all');
    expect(parse('view=bogus').list).toBe('triage');
    expect(url({ ...FIRST_VIEW, list: 'all' })).toBe('view=all');
  });

  it('round-trips every filter, the page, its boundary to the nanosecond and the open report', () => {
    expect(url(filtered)).toBe(
      'view=all&q=laptop+caf%C3%A9&status=Processing&campus=north&threat=High&type=Theft' +
        '&tag=cctv+review&from=2026-11-01&to=2026-11-23&page=3' +
        '&after=1790000000.123456789.demo-incident-07&id=demo-incident-09',
    );
    expect(parse(url(filtered))).toEqual(filtered);
    const back: IncidentView = { ...filtered, boundary: { side: 'before', ...row('a.b') } };
    expect(parse(url(back))).toEqual(back);
  });

  it('drops values a URL may carry but the screen does not offer', () => {
    const view = parse(
      `status=Bogus&campus=Mars&threat=Extreme&type=${'x'.repeat(41)}&from=2026-02-30&to=yesterday&tag=&id=a/b`,
    );
    expect(view).toEqual(FIRST_VIEW);
    // A type is any key an institution may save (an unknown one matches no report).
    expect(parse('type=Picnic').filters.incidentType).toBe('Picnic');
    expect(parse(`q=${'x'.repeat(501)}`).filters.search).toBe('');
  });

  it('needs a valid boundary for any page past the first', () => {
    expect(parse('page=3')).toEqual(FIRST_VIEW);
    expect(parse('page=0&after=1.2.x')).toEqual(FIRST_VIEW);
    expect(parse('page=2.5&after=1.2.x')).toEqual(FIRST_VIEW);
    expect(parse('page=3&after=soon.x')).toEqual(FIRST_VIEW);
    expect(parse('page=99999999&after=1.2.x')).toEqual(FIRST_VIEW);
    expect(parse('page=2&after=1.2.x').page).toBe(2);
  });

  it('ignores a cursor no Timestamp can hold, and says the page link was not read', () => {
    // Issue 17 item 10: this link replaced the console with "Page not found".
    const garbage = 'view=all&page=2&after=999999999999.0.x';
    expect(parse(garbage)).toEqual({ ...FIRST_VIEW, list: 'all' });
    expect(pageLinkProblem(new URLSearchParams(garbage))).toMatch(/could not be read/);
    expect(parse('view=all&page=2&after=253402300799.999999999.x').page).toBe(2);
    expect(pageLinkProblem(new URLSearchParams('view=all&page=2&after=1.2.x'))).toBeNull();
    expect(pageLinkProblem(new URLSearchParams('view=all'))).toBeNull();
  });

  it('a filter change goes back to page one and keeps the open report', () => {
    const next = withFilter(filtered, 'status', 'Responded');
    expect(next).toEqual({
      ...filtered,
      filters: { ...filtered.filters, status: 'Responded' },
      page: 1,
      boundary: null,
    });
  });

  it('pages forward after the last row and back before the first; page 1 has no boundary', () => {
    const two = nextPageView({ ...FIRST_VIEW }, row('r25'));
    expect(two).toMatchObject({ page: 2, boundary: { side: 'after', id: 'r25' } });
    const three = nextPageView(two, row('r50'));
    expect(previousPageView(three, row('r51'))).toMatchObject({
      page: 2,
      boundary: { side: 'before', id: 'r51' },
    });
    expect(previousPageView(two, row('r26'))).toMatchObject({ page: 1, boundary: null });
  });
});
