import assert from 'node:assert/strict';
import { LIMITS, internalNoteProblem, statusEntryDetail } from '../src/index';

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
