import assert from 'node:assert/strict';
import {
  DEFAULT_TEMPLATES,
  LAST_LOCATION_LIMITS,
  audienceLabel,
  coarseLocation,
  freshLocationSince,
  isLocatedIn,
  MASS_NOTIFICATION_LIMITS,
  smsLength,
  channelTexts,
  massNotificationSettingsProblem,
  needsSecondApproval,
  DEFAULT_ALERT_APPROVAL,
  alertApprovalOf,
  alertApprovalSchema,
  reaches,
  readMassNotificationSettings,
  reportToWarningMinutes,
  sendMassNotificationSchema,
  senderRefusal,
  sumReceipts,
  type Audience,
} from '../src/index';
import { DEMO_CAMPUSES } from '../src/demo';

describe('mass notifications', () => {
  const main: Audience = { allCampuses: false, campuses: ['main'], staffOnly: false };
  const verified = { role: 'User', campus: 'main', isArchived: false, emailVerified: true };

  it('reaches live, verified people of the audience’s campuses and roles only', () => {
    assert.equal(reaches(main, verified), true);
    assert.equal(reaches(main, { ...verified, emailVerified: false }), false);
    assert.equal(reaches(main, { ...verified, emailVerified: undefined }), false);
    assert.equal(reaches(main, { ...verified, isArchived: true }), false);
    assert.equal(reaches(main, { ...verified, campus: 'north' }), false);
    assert.equal(reaches(main, { ...verified, campus: null }), false);
    assert.equal(reaches({ ...main, staffOnly: true }, verified), false);
    assert.equal(reaches({ ...main, staffOnly: true }, { ...verified, role: 'IMT' }), true);
    const all: Audience = { allCampuses: true, campuses: [], staffOnly: false };
    assert.equal(reaches(all, { ...verified, campus: null }), true);
  });

  it('people located on the campus: with or without its members, checked like members', () => {
    const north = { ...verified, campus: 'north' };
    const both: Audience = { ...main, located: true };
    const locatedOnly: Audience = { ...main, members: false, located: true };
    assert.equal(reaches(main, north, true), false, 'a members-only alert ignores locations');
    assert.equal(reaches(both, north, true), true);
    assert.equal(reaches(both, north, false), false);
    assert.equal(reaches(both, verified, false), true);
    assert.equal(reaches(locatedOnly, verified, false), false, 'a member elsewhere is not reached');
    assert.equal(reaches(locatedOnly, north, true), true);
    assert.equal(reaches(locatedOnly, { ...north, emailVerified: false }, true), false);
    assert.equal(reaches(locatedOnly, { ...north, isArchived: true }, true), false);
    assert.equal(reaches({ ...locatedOnly, staffOnly: true }, north, true), false);
    assert.equal(audienceLabel(main, DEMO_CAMPUSES), 'Main Campus · everyone');
    assert.equal(
      audienceLabel(locatedOnly, DEMO_CAMPUSES),
      'Main Campus · everyone · people located there only',
    );
    assert.equal(
      audienceLabel({ ...main, campuses: ['north', 'riverside'] }, DEMO_CAMPUSES),
      'North Campus, Riverside Campus · everyone',
    );
  });

  it('a shared location is coarse, fresh for the keep time, and inside an area or not', () => {
    assert.deepEqual(coarseLocation({ latitude: 14.654912, longitude: 121.064549 }), {
      latitude: 14.655,
      longitude: 121.065,
    });
    const now = new Date('2026-03-02T12:00:00Z');
    assert.equal(
      now.getTime() - freshLocationSince(now).getTime(),
      LAST_LOCATION_LIMITS.keepHours * 3_600_000,
    );
    const main = DEMO_CAMPUSES[0]!.centre;
    assert.equal(isLocatedIn(main, ['main'], DEMO_CAMPUSES), true);
    assert.equal(isLocatedIn(main, ['north'], DEMO_CAMPUSES), false);
    assert.equal(isLocatedIn(main, null, DEMO_CAMPUSES), true);
    assert.equal(isLocatedIn({ latitude: 0, longitude: 0 }, null, DEMO_CAMPUSES), false);
    const retired = DEMO_CAMPUSES.map((c) => ({ ...c, retired: c.id === 'main' }));
    assert.equal(isLocatedIn(main, null, retired), false, 'a retired campus covers no one');
  });

  it('an IMT sends to their own campus only; Admins anywhere', () => {
    const imt = { role: 'IMT' as const, campus: 'main' };
    assert.equal(senderRefusal(imt, main), null);
    assert.match(String(senderRefusal(imt, { ...main, campuses: ['north'] })), /own campus/);
    assert.match(
      String(senderRefusal(imt, { ...main, campuses: ['main', 'north'] })),
      /own campus/,
    );
    assert.match(
      String(senderRefusal(imt, { ...main, allCampuses: true, campuses: [] })),
      /own campus/,
    );
    assert.equal(
      senderRefusal({ role: 'Admin', campus: null }, { ...main, allCampuses: true }),
      null,
    );
    assert.ok(senderRefusal({ role: 'User', campus: 'main' }, main));
  });

  it('texts per channel: SMS and push cut to their length, a test marked in each', () => {
    const long = 'x'.repeat(900);
    const texts = channelTexts({ kind: 'emergency', title: 'Lockdown', body: long });
    // An Emergency Notification goes as one SMS; other kinds take two segments at most.
    assert.equal(texts.sms.text.length, 160);
    assert.ok(texts.sms.text.endsWith('...'));
    assert.deepEqual(smsLength(texts.sms.text), { encoding: 'gsm7', units: 160, segments: 1 });
    const general = channelTexts({ kind: 'general', title: 'Lockdown', body: long });
    assert.equal(smsLength(general.sms.text).segments, MASS_NOTIFICATION_LIMITS.smsSegments);
    assert.equal(general.sms.text.length, 306);
    assert.equal(texts.push.body.length, MASS_NOTIFICATION_LIMITS.pushBody);
    assert.equal(texts.inApp.message, long);
    assert.equal(texts.email.subject, 'Emergency Notification: Lockdown');
    const test = channelTexts({ kind: 'general', title: 'Hi', body: 'There', test: true });
    assert.equal(test.email.subject, '[TEST] Hi');
    assert.equal(test.sms.text, '[TEST] Hi: There');
    assert.match(test.email.text, /nobody else received it/);
  });

  it('sums receipts over pages and read shards, ignoring junk', () => {
    const sums = sumReceipts(
      [
        {
          receipts: {
            push: { targeted: 100, sent: 90, failed: 2, skipped: 8 },
            inApp: { targeted: 100, sent: 100 },
          },
        },
        {
          receipts: {
            push: { targeted: 5, sent: 5, failed: 0, skipped: 0 },
            email: { sent: 'many' },
          },
        },
        {},
      ],
      [{ count: 3 }, { count: 4 }, { count: null }],
    );
    assert.deepEqual(sums.push, { targeted: 105, sent: 95, failed: 2, skipped: 8 });
    assert.deepEqual(sums.inApp, { targeted: 100, sent: 100, failed: 0, skipped: 0 });
    assert.deepEqual(sums.email, { targeted: 0, sent: 0, failed: 0, skipped: 0 });
    assert.equal(sums.read, 7);
  });

  it('validates template settings with bounds, and falls back to defaults part by part', () => {
    assert.equal(massNotificationSettingsProblem({ templates: DEFAULT_TEMPLATES }), null);
    assert.match(
      String(
        massNotificationSettingsProblem({
          templates: { ...DEFAULT_TEMPLATES, lockdown: { title: '', body: 'b' } },
        }),
      ),
      /Lockdown: the title is required/,
    );
    assert.match(
      String(
        massNotificationSettingsProblem({
          templates: { ...DEFAULT_TEMPLATES, extra: { title: 't', body: 'b' } },
        }),
      ),
      /exactly/,
    );
    assert.match(
      String(
        massNotificationSettingsProblem({
          templates: { ...DEFAULT_TEMPLATES, allClear: { title: 't', body: 'b'.repeat(1001) } },
        }),
      ),
      /at most 1000/,
    );
    const read = readMassNotificationSettings({
      templates: { lockdown: { title: 'Mine', body: 'Own text' }, allClear: 5 },
    });
    assert.equal(read.templates.lockdown.title, 'Mine');
    assert.deepEqual(read.templates.allClear, DEFAULT_TEMPLATES.allClear);
  });

  it('asks a second Admin by audience and urgency, never by the kind the author picks', () => {
    const ringing = ['push'] as const;
    const quiet = ['inApp', 'email'] as const;
    const all = { ...main, allCampuses: true, campuses: [] };
    const wholeCampus = { audience: 'wholeCampus', urgency: 'interrupting' } as const;
    assert.equal(needsSecondApproval(wholeCampus, { audience: main, channels: ringing }), true);
    assert.equal(needsSecondApproval(wholeCampus, { audience: main, channels: ['sms'] }), true);
    assert.equal(needsSecondApproval(wholeCampus, { audience: main, channels: quiet }), false);
    assert.equal(
      needsSecondApproval(wholeCampus, {
        audience: { ...main, staffOnly: true },
        channels: ringing,
      }),
      false,
    );
    const everyChannel = { audience: 'wholeCampus', urgency: 'any' } as const;
    assert.equal(needsSecondApproval(everyChannel, { audience: main, channels: quiet }), true);
    const allCampuses = { audience: 'allCampuses', urgency: 'any' } as const;
    assert.equal(needsSecondApproval(allCampuses, { audience: main, channels: ringing }), false);
    assert.equal(needsSecondApproval(allCampuses, { audience: all, channels: quiet }), true);
    assert.equal(
      needsSecondApproval(DEFAULT_ALERT_APPROVAL, { audience: all, channels: ringing }),
      false,
    );
  });

  it('reads the approval setting, an invalid one as the default (off)', () => {
    assert.deepEqual(alertApprovalOf({ approval: { audience: 'allCampuses', urgency: 'any' } }), {
      audience: 'allCampuses',
      urgency: 'any',
    });
    assert.deepEqual(
      alertApprovalOf({ approval: { audience: 'everyone' } }),
      DEFAULT_ALERT_APPROVAL,
    );
    assert.deepEqual(alertApprovalOf(undefined), DEFAULT_ALERT_APPROVAL);
    assert.equal(
      alertApprovalSchema.safeParse({ audience: 'wholeCampus', urgency: 'any', kind: 'emergency' })
        .success,
      false,
    );
  });

  it('the send schema bounds the input and asks a Timely Warning for its Clery crime', () => {
    const base = {
      kind: 'general',
      title: 'T',
      body: 'B',
      audience: main,
      channels: ['inApp', 'inApp'],
    };
    const parsed = sendMassNotificationSchema.parse(base);
    assert.deepEqual(parsed.channels, ['inApp']);
    assert.deepEqual(parsed.incidentIds, []);
    assert.equal(parsed.audience.members, true, 'an audience without the flags: members only');
    assert.equal(parsed.audience.located, false);
    assert.equal(
      sendMassNotificationSchema.safeParse({
        ...base,
        audience: { ...main, members: false, located: false },
      }).success,
      false,
    );
    assert.equal(
      sendMassNotificationSchema.safeParse({ ...base, audience: { ...main, located: 'yes' } })
        .success,
      false,
    );
    assert.equal(sendMassNotificationSchema.safeParse({ ...base, channels: [] }).success, false);
    assert.equal(
      sendMassNotificationSchema.safeParse({ ...base, audience: { ...main, campuses: [] } })
        .success,
      false,
    );
    assert.equal(
      sendMassNotificationSchema.safeParse({ ...base, audience: { ...main, campuses: ['Mars'] } })
        .success,
      false,
    );
    assert.equal(
      sendMassNotificationSchema.safeParse({
        ...base,
        incidentIds: Array.from({ length: 11 }, (_, i) => `i${i}`),
      }).success,
      false,
    );
    const tw = sendMassNotificationSchema.safeParse({ ...base, kind: 'timelyWarning' });
    assert.equal(tw.success, false);
    assert.equal(
      sendMassNotificationSchema.safeParse({
        ...base,
        kind: 'timelyWarning',
        cleryCrime: 'robbery',
      }).success,
      true,
    );
  });

  it('measures the minutes from the first report to the warning', () => {
    const at = (ms: number) => ({ toMillis: () => ms });
    assert.equal(reportToWarningMinutes(at(0), at(90 * 60_000)), 90);
    assert.equal(reportToWarningMinutes(null, at(1)), null);
  });
});
