import assert from 'node:assert/strict';
import {
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_LEVELS,
  RESPONSE_TARGETS,
  dueStepCount,
  escalationConditionOf,
  escalationPolicyOf,
  escalationPolicySchema,
  escalationTimeline,
  isEscalationDue,
  type EscalationPolicy,
} from '../src/index';

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

describe('escalation policies', () => {
  const MINUTE = 60_000;
  const policy: EscalationPolicy = {
    steps: ESCALATION_LEVELS.map((level, i) => ({
      level,
      afterMinutes: { Critical: i * 2, High: i * 5, Moderate: 10 + i, Low: 20 + i, Unrated: 5 * i },
    })),
    repeat: { everyMinutes: 10, times: 2 },
  };

  it('lists each level at its minutes for the threat level, then the bounded repeats', () => {
    assert.deepEqual(escalationTimeline(policy, 'Critical'), [
      { level: 'assignee', atMinutes: 0 },
      { level: 'onCall', atMinutes: 2 },
      { level: 'campusLead', atMinutes: 4 },
      { level: 'admins', atMinutes: 6 },
      { level: 'admins', atMinutes: 16 },
      { level: 'admins', atMinutes: 26 },
    ]);
    assert.equal(escalationTimeline(policy, 'nonsense')[1]!.atMinutes, 5, 'read as Unrated');
  });

  it('counts the steps due at a time, boundaries included', () => {
    const start = 1_000_000;
    assert.equal(dueStepCount(policy, 'Critical', start, start - 1), 0);
    assert.equal(dueStepCount(policy, 'Critical', start, start), 1);
    assert.equal(dueStepCount(policy, 'Critical', start, start + 2 * MINUTE - 1), 1);
    assert.equal(dueStepCount(policy, 'Critical', start, start + 2 * MINUTE), 2);
    assert.equal(dueStepCount(policy, 'Critical', start, start + 26 * MINUTE), 6);
    assert.equal(dueStepCount(policy, 'Critical', start, start + 999 * MINUTE), 6, 'bounded');
  });

  it('reads the condition and its start from the report', () => {
    const base = {
      isArchived: false,
      threatLevel: 'Critical',
      reportedAtMs: 0,
      assignedAtMs: null,
      acknowledgedAtMs: null,
    };
    const critical = RESPONSE_TARGETS.Critical;
    assert.deepEqual(escalationConditionOf({ ...base, status: 'Reported' }), {
      condition: 'unassigned',
      startMs: critical.assignWithinMinutes * MINUTE,
    });
    assert.deepEqual(
      escalationConditionOf({ ...base, status: 'Processing', assignedAtMs: 7 * MINUTE }),
      { condition: 'unacknowledged', startMs: 7 * MINUTE },
    );
    // Not from the report's time: no clock until the assignment's time is recorded.
    assert.equal(escalationConditionOf({ ...base, status: 'Processing' }), null);
    assert.deepEqual(
      escalationConditionOf({
        ...base,
        status: 'Processing',
        assignedAtMs: 1,
        acknowledgedAtMs: 2,
      }),
      { condition: 'unresponded', startMs: critical.respondWithinMinutes * MINUTE },
    );
    for (const status of ['Responded', 'Resolved', 'Declined'])
      assert.equal(escalationConditionOf({ ...base, status }), null, status);
    assert.equal(escalationConditionOf({ ...base, status: 'Reported', isArchived: true }), null);
  });

  it('takes a valid policy and refuses levels out of order, falling back to the default', () => {
    assert.equal(escalationPolicySchema.safeParse(policy).success, true);
    assert.equal(escalationPolicySchema.safeParse(DEFAULT_ESCALATION_POLICY).success, true);
    const backwards = structuredClone(policy);
    backwards.steps[2]!.afterMinutes.High = 1;
    const result = escalationPolicySchema.safeParse(backwards);
    assert.equal(result.success, false);
    assert.match(result.error!.issues[0]!.message, /no earlier than the one before/);
    const tooMany = { ...policy, repeat: { everyMinutes: 10, times: 6 } };
    assert.equal(escalationPolicySchema.safeParse(tooMany).success, false);
    assert.deepEqual(escalationPolicyOf({ steps: 'junk' }), DEFAULT_ESCALATION_POLICY);
    assert.deepEqual(escalationPolicyOf({ ...policy, campus: 'main' }), policy);
  });
});
