import assert from 'node:assert/strict';
import {
  ANONYMOUS_REPORTER,
  fieldProblems,
  fileAnonymousReportSchema,
  reporterLabel,
  revealAnonymousReporterSchema,
} from '../src/index';

const report = {
  geoLoc: { latitude: 14.65, longitude: 121.07 },
  nearestCampus: 'north',
  incidentType: 'Harassment',
  description: 'Near the north gate.\nTwo people.',
};

describe('anonymous reports', () => {
  it('names the reporter of an anonymous report nowhere, whatever else the report holds', () => {
    assert.equal(reporterLabel({ anonymous: true, email: 'leak@mail.test' }), ANONYMOUS_REPORTER);
    assert.equal(reporterLabel({ email: 'rita@mail.test' }), 'rita@mail.test');
    assert.equal(reporterLabel({}), '');
  });

  it('takes a report as the app files it and nothing that could name or forge a reporter', () => {
    assert.deepEqual(fieldProblems(fileAnonymousReportSchema, report), {});
    for (const extra of [{ reporterId: 'u-1' }, { email: 'a@b.test' }, { anonymous: false }])
      assert.notDeepEqual(fieldProblems(fileAnonymousReportSchema, { ...report, ...extra }), {});
    assert.match(
      fieldProblems(fileAnonymousReportSchema, { ...report, nearestCampus: 'Mars' })
        .nearestCampus ?? '',
      /campus/,
    );
    assert.notDeepEqual(
      fieldProblems(fileAnonymousReportSchema, {
        ...report,
        geoLoc: { latitude: 91, longitude: 0 },
      }),
      {},
    );
    assert.match(
      fieldProblems(fileAnonymousReportSchema, { ...report, description: 'a\u202Eb' })
        .description ?? '',
      /invisible or control/,
    );
    assert.match(
      fieldProblems(fileAnonymousReportSchema, { ...report, description: 'x'.repeat(5001) })
        .description ?? '',
      /at most 5000/,
    );
  });

  it('reveals only with a reason', () => {
    assert.match(
      fieldProblems(revealAnonymousReporterSchema, { incidentId: 'i-1', reason: ' ' }).reason ?? '',
      /Reason is required/,
    );
    assert.deepEqual(
      fieldProblems(revealAnonymousReporterSchema, { incidentId: 'i-1', reason: 'Welfare check' }),
      {},
    );
  });
});
