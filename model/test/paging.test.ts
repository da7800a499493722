import assert from 'node:assert/strict';
import {
  minutesToAcknowledge,
  pagedReportLabel,
  pagingRefusal,
  reassignReportSchema,
  reportLink,
} from '../src/index';
import { DEMO_CAMPUSES } from '../src/demo';

describe('paging', () => {
  const imt = { role: 'IMT', campus: 'north', isArchived: false };
  it('pages only live, verified staff with access to the report’s campus', () => {
    assert.equal(pagingRefusal(imt, true, 'north'), null);
    assert.equal(pagingRefusal({ role: 'Admin', campus: null }, true, 'north'), null);
    assert.equal(pagingRefusal(undefined, true, 'north'), 'no-account');
    assert.equal(pagingRefusal({ ...imt, role: 'User' }, true, 'north'), 'not-staff');
    assert.equal(pagingRefusal({ ...imt, isArchived: true }, true, 'north'), 'archived');
    assert.equal(pagingRefusal(imt, false, 'north'), 'email-unverified');
    assert.equal(pagingRefusal(imt, true, 'main'), 'no-campus-access');
  });
  it('names a report by type, campus and threat level (Unrated without one)', () => {
    assert.equal(
      pagedReportLabel(
        { incidentType: 'Fire', nearestCampus: 'main', threatLevel: 'High' },
        DEMO_CAMPUSES,
      ),
      'Fire at Main Campus (High)',
    );
    assert.equal(
      pagedReportLabel({ incidentType: 'Fire', nearestCampus: 'main' }, DEMO_CAMPUSES),
      'Fire at Main Campus (Unrated)',
    );
    // A campus renamed since: the page says its current name.
    const renamed = DEMO_CAMPUSES.map((c) => (c.id === 'main' ? { ...c, name: 'Diliman' } : c));
    assert.equal(
      pagedReportLabel({ incidentType: 'Fire', nearestCampus: 'main' }, renamed),
      'Fire at Diliman (Unrated)',
    );
  });
  it('times the acknowledgement in whole minutes from the assignment', () => {
    assert.equal(minutesToAcknowledge(0, 59_999), 0);
    assert.equal(minutesToAcknowledge(0, 150_000), 2);
  });
  it('links the report, escaping its id', () => {
    assert.equal(
      reportLink('http://127.0.0.1:5000/', 'a b'),
      'http://127.0.0.1:5000/reports?id=a%20b',
    );
  });
  it('a reassignment needs a reason of at most 500 characters', () => {
    const base = { incidentId: 'i', assigneeId: 'u' };
    assert.equal(reassignReportSchema.safeParse({ ...base, reason: 'Off shift' }).success, true);
    assert.equal(reassignReportSchema.safeParse({ ...base, reason: '   ' }).success, false);
    assert.equal(
      reassignReportSchema.safeParse({ ...base, reason: 'x'.repeat(501) }).success,
      false,
    );
    assert.equal(
      reassignReportSchema.safeParse({ ...base, reason: 'ok', extra: 1 }).success,
      false,
    );
  });
});
