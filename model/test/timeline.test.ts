import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  LIMITS,
  RECORD_COUNT_LIMITS,
  internalNoteProblem,
  recordLimitMessage,
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

describe('records per report (finding 8)', () => {
  it('counts notes and accomplishment writes under their collection names, with the LIMITS bounds', () => {
    assert.deepEqual(Object.keys(RECORD_COUNT_LIMITS).sort(), [
      COLLECTIONS.accomplishmentReports,
      COLLECTIONS.internalNotes,
      COLLECTIONS.messages,
    ]);
    assert.equal(RECORD_COUNT_LIMITS.internal_notes, LIMITS.internalNotesPerReport);
    assert.equal(RECORD_COUNT_LIMITS.messages, LIMITS.messagesPerReport);
    assert.equal(RECORD_COUNT_LIMITS.accomplishment_reports, LIMITS.accomplishmentWritesPerReport);
  });

  it('tells staff which bound was reached and that nothing more is taken', () => {
    assert.match(
      recordLimitMessage('internal_notes'),
      /already has 100 internal notes.*No more notes/,
    );
    assert.match(
      recordLimitMessage('accomplishment_reports'),
      /filed or edited 50 times.*No more changes can be saved/,
    );
    assert.match(recordLimitMessage('messages'), /already has 200 messages.*No more messages/);
  });
});

describe('timeline entry details', () => {
  it('say what each status move did', () => {
    assert.equal(
      // The caller gives the campus's name (what the timeline shows), not its id.
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
