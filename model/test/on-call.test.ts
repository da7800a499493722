import assert from 'node:assert/strict';
import {
  handoffInstant,
  nextOnCallAfter,
  onCallAt,
  saveOnCallScheduleSchema,
  type OnCallPlan,
} from '../src/index';

const MANILA = 'Asia/Manila';
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const ana = { uid: 'ana', displayName: 'Ana Cruz' };
const ben = { uid: 'ben', displayName: 'Ben Reyes' };
const cy = { uid: 'cy', displayName: 'Cy Lim' };

function daily(members = [ana, ben, cy]): OnCallPlan {
  return {
    rotation: { members, startDay: '2026-11-20', handoffTime: '08:00', shiftDays: 1 },
    overrides: [],
  };
}

describe('on call now', () => {
  it('hands off at the handoff time of the programme zone, in turn order', () => {
    // 08:00 in Manila (UTC+8) is 00:00Z.
    const plan = daily();
    assert.equal(onCallAt(plan, at('2026-11-20T00:00:00Z'), MANILA)?.uid, 'ana');
    assert.equal(onCallAt(plan, at('2026-11-20T23:59:59Z'), MANILA)?.uid, 'ana', 'a minute before');
    assert.equal(onCallAt(plan, at('2026-11-21T00:00:00Z'), MANILA)?.uid, 'ben', 'at the handoff');
    assert.equal(onCallAt(plan, at('2026-11-22T12:00:00Z'), MANILA)?.uid, 'cy');
    assert.equal(onCallAt(plan, at('2026-11-23T00:00:00Z'), MANILA)?.uid, 'ana', 'round again');
    const now = onCallAt(plan, at('2026-11-21T03:00:00Z'), MANILA)!;
    assert.equal(now.untilMs, at('2026-11-22T00:00:00Z'));
    assert.equal(now.source, 'rotation');
  });

  it('early in the programme day the previous shift still holds', () => {
    // 2026-11-21 06:00 Manila is 2026-11-20T22:00Z: still Ana's shift, not Ben's.
    assert.equal(onCallAt(daily(), at('2026-11-20T22:00:00Z'), MANILA)?.uid, 'ana');
  });

  it('nobody before the rotation starts, and weekly shifts last seven days', () => {
    assert.equal(onCallAt(daily(), at('2026-11-19T23:59:00Z'), MANILA), null);
    const weekly: OnCallPlan = {
      rotation: { members: [ana, ben], startDay: '2026-11-02', handoffTime: '09:30', shiftDays: 7 },
      overrides: [],
    };
    // 09:30 Manila is 01:30Z.
    assert.equal(onCallAt(weekly, at('2026-11-09T01:29:00Z'), MANILA)?.uid, 'ana');
    assert.equal(onCallAt(weekly, at('2026-11-09T01:30:00Z'), MANILA)?.uid, 'ben');
    assert.equal(onCallAt(weekly, at('2026-11-16T01:30:00Z'), MANILA)?.uid, 'ana');
  });

  it('an override wins while it lasts and cuts the shift short before it', () => {
    const plan = daily();
    plan.overrides = [
      { ...cy, from: at('2026-11-21T04:00:00Z'), to: at('2026-11-21T06:00:00Z') },
      { ...ana, from: at('2026-11-21T05:00:00Z'), to: at('2026-11-21T05:30:00Z') },
    ];
    const before = onCallAt(plan, at('2026-11-21T03:00:00Z'), MANILA)!;
    assert.equal(before.uid, 'ben');
    assert.equal(before.untilMs, at('2026-11-21T04:00:00Z'), 'until the override starts');
    assert.equal(onCallAt(plan, at('2026-11-21T04:00:00Z'), MANILA)?.uid, 'cy');
    assert.equal(
      onCallAt(plan, at('2026-11-21T05:10:00Z'), MANILA)?.uid,
      'ana',
      'latest start wins',
    );
    const end = onCallAt(plan, at('2026-11-21T05:59:59Z'), MANILA)!;
    assert.deepEqual(
      [end.uid, end.source, end.untilMs],
      ['cy', 'override', at('2026-11-21T06:00:00Z')],
    );
    assert.equal(onCallAt(plan, at('2026-11-21T06:00:00Z'), MANILA)?.uid, 'ben', 'override over');
  });

  it('an override alone covers a campus without a rotation', () => {
    const plan: OnCallPlan = {
      rotation: null,
      overrides: [{ ...ben, from: at('2026-11-21T00:00:00Z'), to: at('2026-11-22T00:00:00Z') }],
    };
    assert.equal(onCallAt(plan, at('2026-11-21T12:00:00Z'), MANILA)?.uid, 'ben');
    assert.equal(onCallAt(plan, at('2026-11-22T00:00:00Z'), MANILA), null);
  });

  it('keeps handoffs at the wall time across a daylight-saving change', () => {
    const NY = 'America/New_York';
    const plan: OnCallPlan = {
      rotation: { members: [ana, ben], startDay: '2026-03-07', handoffTime: '08:00', shiftDays: 1 },
      overrides: [],
    };
    // 2026-03-08 the clocks go forward: 08:00 is 13:00Z before, 12:00Z after.
    assert.equal(handoffInstant('2026-03-07', '08:00', NY), at('2026-03-07T13:00:00Z'));
    assert.equal(handoffInstant('2026-03-08', '08:00', NY), at('2026-03-08T12:00:00Z'));
    assert.equal(onCallAt(plan, at('2026-03-08T11:59:00Z'), NY)?.uid, 'ana');
    assert.equal(onCallAt(plan, at('2026-03-08T12:00:00Z'), NY)?.uid, 'ben');
    assert.equal(
      onCallAt(plan, at('2026-03-08T11:00:00Z'), NY)?.untilMs,
      at('2026-03-08T12:00:00Z'),
    );
  });

  it('the next person on call skips the one handing over', () => {
    const plan = daily([ana, ben]);
    const now = at('2026-11-21T03:00:00Z'); // Ben's shift
    assert.equal(nextOnCallAfter(plan, now, MANILA, 'ben')?.uid, 'ana');
    assert.equal(nextOnCallAfter(plan, now, MANILA, 'ana')?.uid, 'ben', 'the one on call now');
    assert.equal(nextOnCallAfter(daily([ben]), now, MANILA, 'ben'), null, 'nobody else');
    const withOverride = daily([ben]);
    withOverride.overrides = [{ ...cy, from: now + 2 * HOUR, to: now + 3 * HOUR }];
    assert.equal(nextOnCallAfter(withOverride, now, MANILA, 'ben')?.uid, 'cy');
  });
});

describe('saveOnCallSchedule input', () => {
  const valid = {
    campus: 'north',
    rotation: { memberIds: ['a', 'b'], startDay: '2026-11-20', handoffTime: '08:00', shiftDays: 1 },
    overrides: [{ uid: 'c', from: '2026-11-21T00:00:00Z', to: '2026-11-21T06:00:00Z' }],
    autoAssign: true,
  };
  const problem = (input: unknown) => {
    const r = saveOnCallScheduleSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('takes a valid schedule and refuses each bad part with a sentence', () => {
    assert.equal(problem(valid), null);
    assert.equal(problem({ ...valid, rotation: null, overrides: [] }), null);
    assert.equal(problem({ ...valid, campus: 'Mars Campus' }), 'Choose a campus from the list.');
    const rot = (r: object) => ({ ...valid, rotation: { ...valid.rotation, ...r } });
    assert.match(problem(rot({ memberIds: ['a', 'a'] }))!, /twice/);
    assert.match(problem(rot({ memberIds: [] }))!, /at least one/);
    assert.match(
      problem(rot({ memberIds: Array.from({ length: 13 }, (_, i) => `u${i}`) }))!,
      /at most 12/,
    );
    assert.match(problem(rot({ handoffTime: '24:00' }))!, /HH:mm/);
    assert.match(problem(rot({ startDay: '2026-02-30' }))!, /Start day/);
    assert.match(problem(rot({ shiftDays: 15 }))!, /at most 14/);
    const override = (o: object) => ({ ...valid, overrides: [{ ...valid.overrides[0], ...o }] });
    assert.match(problem(override({ to: '2026-11-20T00:00:00Z' }))!, /end after/);
    assert.match(problem(override({ to: '2027-01-21T00:00:00Z' }))!, /at most 31 days/);
    assert.match(
      problem({ ...valid, overrides: Array.from({ length: 21 }, () => valid.overrides[0]) })!,
      /At most 20/,
    );
    assert.notEqual(problem({ ...valid, extra: 1 }), null);
  });
});
