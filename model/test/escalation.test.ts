import assert from 'node:assert/strict';
import { RESPONSE_TARGETS, isEscalationDue } from '../src/index';

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
