import assert from 'node:assert/strict';
import {
  LIMITS,
  RESPONSE_TARGETS,
  internalNoteProblem,
  isEscalationDue,
  statusEntryDetail,
} from '../src/index';

describe('internal notes', () => {
  it('accepts several lines and tabs up to the limit', () => {
    assert.equal(internalNoteProblem('Called back.\n\tNo answer.'), null);
    assert.equal(internalNoteProblem('x'.repeat(LIMITS.internalNote)), null);
  });

  it('refuses an empty, an oversized and a hidden-character note with a sentence', () => {
    assert.equal(internalNoteProblem(''), 'Note is required.');
    assert.equal(
      internalNoteProblem('x'.repeat(LIMITS.internalNote + 1)),
      `Note must be at most ${LIMITS.internalNote} characters.`,
    );
    assert.match(internalNoteProblem('pay\u202Ehere') ?? '', /U\+202E/);
    assert.match(internalNoteProblem('a\u200Bb') ?? '', /U\+200B/);
  });
});

describe('escalation', () => {
  const MINUTE = 60_000;
  it('is due only past the assignment target of the report’s level', () => {
    const unrated = RESPONSE_TARGETS.Unrated.assignWithinMinutes;
    assert.equal(isEscalationDue(0, null, unrated * MINUTE), false, 'at the target exactly');
    assert.equal(isEscalationDue(0, null, unrated * MINUTE + 1), true);
    const critical = RESPONSE_TARGETS.Critical.assignWithinMinutes;
    const low = RESPONSE_TARGETS.Low.assignWithinMinutes;
    assert.equal(isEscalationDue(0, 'Critical', (critical + 1) * MINUTE), true);
    assert.equal(isEscalationDue(0, 'Low', (critical + 1) * MINUTE), critical + 1 > low);
    assert.equal(isEscalationDue(0, 'Nonsense', (unrated + 1) * MINUTE), true, 'read as Unrated');
  });
});

describe('timeline entry details', () => {
  it('say what each status move did', () => {
    assert.equal(
      statusEntryDetail('Reported', { incidentType: 'Fire', campus: 'North Campus' }),
      'Fire reported at North Campus',
    );
    assert.equal(
      statusEntryDetail('Processing', { assigneeName: 'Ana Cruz' }),
      'Assigned to Ana Cruz',
    );
    assert.equal(
      statusEntryDetail('Processing', { assigneeName: null }),
      'Assigned to the safety team',
    );
    assert.equal(
      statusEntryDetail('Declined', { declineReason: 'Duplicate report' }),
      'Declined: Duplicate report',
    );
  });
});
