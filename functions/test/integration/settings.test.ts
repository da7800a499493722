import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  DEFAULT_INSTITUTION,
  DEFAULT_SETTING_VALUES,
  PROGRAMME_TIME_ZONE,
  SETTING_IDS,
  formatInZone,
} from '@campus-safety/model';
import { saveCampuses, saveVocabularies } from '@campus-safety/testkit/institution';
import { escalateOverdueReports } from '../../src/services/escalation';
import { emulatorTransport } from '../../src/push/emulator-transport';
import { pushSender } from '../../src/push/sender';
import {
  account,
  callError,
  db,
  docData,
  reportFiledBy,
  notificationsOf,
  reporter,
  timelineOf,
  waitFor,
  type SignedIn,
} from './stack';

const MINUTE = 60_000;
const settingRef = (id: string) => db.collection(COLLECTIONS.settings).doc(id);

describe('settings (saveSetting)', function () {
  this.timeout(180_000);
  const push = pushSender(db, emulatorTransport());
  const escalateAt = (ms: number) =>
    escalateOverdueReports({
      db,
      push,
      sms: null,
      phonesOf: async () => new Map(),
      consoleUrl: 'http://console.test',
      now: () => new Date(ms),
      timeZone: PROGRAMME_TIME_ZONE,
    });
  let admin: SignedIn;

  /** The default targets with Unrated's assignment target changed (and its response target no earlier). */
  const targetsWith = (unratedAssign: number) => {
    const targets = structuredClone(DEFAULT_SETTING_VALUES.responseTargets.targets) as Record<
      string,
      { assignWithinMinutes: number; respondWithinMinutes: number }
    >;
    targets.Unrated!.assignWithinMinutes = unratedAssign;
    targets.Unrated!.respondWithinMinutes = Math.max(
      unratedAssign,
      targets.Unrated!.respondWithinMinutes,
    );
    return targets;
  };

  before(async () => {
    admin = await account({ role: 'Admin' });
  });
  afterEach(async () => {
    for (const id of Object.values(SETTING_IDS)) await db.recursiveDelete(settingRef(id));
    // The suite's campuses and vocabularies, as the root hook saved them (institution.ts).
    await Promise.all([saveCampuses(db), saveVocabularies(db)]);
  });

  it('an Admin changes a response target: housekeeping escalates by the new one, and the history names the editor', async () => {
    await admin.call('saveSetting', {
      setting: 'responseTargets',
      value: { targets: targetsWith(280) },
    });
    const history = await settingRef(SETTING_IDS.responseTargets).collection('history').get();
    assert.equal(history.size, 1);
    const entry = history.docs[0]!.data();
    assert.equal(entry.by.uid, admin.uid);
    assert.equal(entry.before, null);
    assert.equal(entry.after.targets.Unrated.assignWithinMinutes, 280);

    const ref = await reportFiledBy(
      await reporter(),
      { nearestCampus: 'north', tags: [] },
      // Older than the escalation tests' flood of open reports: the scan reads the oldest first.
      300,
    );
    await waitFor(
      () => docData(ref.path),
      (data) => data?.escalatedAt === null,
      120_000,
    );
    const reportedAt = (await docData(ref.path))!.timestamp.toMillis();
    const escalated = async () =>
      (await timelineOf(ref.path)).filter((e) => e.kind === 'escalated').length;
    // By the default (15 min, first step 5 min on) it would have escalated from 20 minutes on.
    await escalateAt(reportedAt + 282 * MINUTE);
    assert.equal(await escalated(), 0, 'not escalated by the default target');
    await escalateAt(reportedAt + 285.5 * MINUTE);
    assert.equal(await escalated(), 1, 'escalated by the saved target');
    const state = (await docData(ref.path))!.escalation;
    assert.equal(state.startedAt.toMillis(), reportedAt + 280 * MINUTE);

    // A second save keeps the first as `before`.
    await admin.call('saveSetting', {
      setting: 'responseTargets',
      value: { targets: targetsWith(240) },
    });
    const entries = await settingRef(SETTING_IDS.responseTargets)
      .collection('history')
      .orderBy('at', 'desc')
      .get();
    assert.equal(entries.docs[0]!.get('before.targets.Unrated.assignWithinMinutes'), 280);
    assert.equal(entries.docs[0]!.get('after.targets.Unrated.assignWithinMinutes'), 240);
  });

  it('an IMT member or a reporter cannot change a setting; bad input is refused and nothing is lost', async () => {
    await admin.call('saveSetting', {
      setting: 'incidentTypes',
      value: { types: DEFAULT_SETTING_VALUES.incidentTypes.types },
    });
    const before = await docData(settingRef(SETTING_IDS.incidentTypes).path);
    const renamed = structuredClone(DEFAULT_SETTING_VALUES.incidentTypes.types);
    renamed['Medical Emergency']!.label = 'Medical';
    const input = { setting: 'incidentTypes', value: { types: renamed } };
    for (const role of ['IMT', 'User'] as const) {
      const who = await account({ role });
      assert.equal(
        (await callError(who.call('saveSetting', input))).code,
        'functions/permission-denied',
        role,
      );
    }
    const none = Object.fromEntries(
      Object.entries(renamed).map(([key, t]) => [key, { ...t, offered: false }]),
    );
    const refused = await callError(
      admin.call('saveSetting', { setting: 'incidentTypes', value: { types: none } }),
    );
    assert.equal(refused.code, 'functions/invalid-argument');
    assert.match(refused.message, /Offer at least one type/);
    const late = await callError(
      admin.call('saveSetting', { setting: 'responseTargets', value: { targets: targetsWith(0) } }),
    );
    assert.equal(late.code, 'functions/invalid-argument');
    assert.match(late.message, /Unrated: assign within must be at least 1 minute/);
    assert.deepEqual(await docData(settingRef(SETTING_IDS.incidentTypes).path), before);
    assert.equal(await docData(settingRef(SETTING_IDS.responseTargets).path), undefined);
    assert.equal(
      (await settingRef(SETTING_IDS.incidentTypes).collection('history').get()).size,
      1,
      'only the Admin save is in the history',
    );
  });

  it('an Admin adds an incident type and retires one: the app files with the new, not the retired; no type is removed', async () => {
    const types = structuredClone(DEFAULT_SETTING_VALUES.incidentTypes.types);
    types['Noise complaint'] = {
      label: 'Noise complaint',
      offered: true,
      clery: null,
      position: 8,
    };
    types['Fire']!.offered = false;
    await admin.call('saveSetting', { setting: 'incidentTypes', value: { types } });
    const rep = await account({ role: 'User' });
    const file = (incidentType: string) =>
      rep.call<{ incidentId: string }>('fileAnonymousReport', {
        geoLoc: { latitude: 14.65, longitude: 121.07 },
        nearestCampus: 'main',
        incidentType,
      });
    const { incidentId } = await file('Noise complaint');
    const filed = await docData(`${COLLECTIONS.incidentReports}/${incidentId}`);
    assert.equal(filed!.incidentType, 'Noise complaint');
    for (const type of ['Fire', 'Alien']) {
      const refused = await callError(file(type));
      assert.equal(refused.code, 'functions/invalid-argument', type);
      assert.match(refused.message, /Choose an incident type from the list/);
    }
    // A relabel keeps the key; dropping a saved type is refused in the save's transaction.
    const { ['Noise complaint']: _dropped, ...without } = types;
    const removal = await callError(
      admin.call('saveSetting', { setting: 'incidentTypes', value: { types: without } }),
    );
    assert.equal(removal.code, 'functions/failed-precondition');
    assert.match(removal.message, /Noise complaint cannot be removed: retire a type instead/);
    assert.equal(
      (await docData(settingRef(SETTING_IDS.incidentTypes).path))!.types['Noise complaint'].label,
      'Noise complaint',
    );
  });

  it('a saved programme time zone is what a function writes next, without a restart', async () => {
    const saveZone = (timeZone: string) =>
      admin.call('saveSetting', {
        setting: 'institution',
        value: { institution: { ...DEFAULT_INSTITUTION, timeZone } },
      });
    const rep = await reporter();
    const [first, second] = [await account({ role: 'IMT' }), await account({ role: 'IMT' })];
    const ref = await reportFiledBy(rep, {
      status: 'Processing',
      assignedTo: { id: first.uid, displayName: 'First IMT', email: first.email },
    });
    const reportedAt = (await docData(ref.path))!.timestamp.toDate() as Date;
    const reassignTo = async (who: SignedIn) => {
      await admin.call('reassignReport', {
        incidentId: ref.id,
        assigneeId: who.uid,
        reason: 'Shift',
      });
      const notices = (await notificationsOf(rep.uid)).filter((n) =>
        n.id.startsWith(`reassigned-${ref.id}-`),
      );
      return notices.sort((a, b) => b.id.localeCompare(a.id))[0]!.message as string;
    };
    const wrote = (zone: string) => `report of ${formatInZone(reportedAt, zone)}`;
    // The zones read differently at any instant (one east of UTC, one west), so the text tells.
    assert.notEqual(wrote('America/Chicago'), wrote('Asia/Tokyo'));

    await saveZone('America/Chicago');
    assert.ok((await reassignTo(second)).includes(wrote('America/Chicago')));
    await saveZone('Asia/Tokyo');
    assert.ok((await reassignTo(first)).includes(wrote('Asia/Tokyo')));

    const refused = await callError(saveZone('Asia/Manilla'));
    assert.equal(refused.code, 'functions/invalid-argument');
    assert.match(refused.message, /IANA zone/);
    const stored = await docData(settingRef(SETTING_IDS.institution).path);
    assert.equal(stored!.institution.timeZone, 'Asia/Tokyo', 'a refused zone changes nothing');
    assert.equal((await settingRef(SETTING_IDS.institution).collection('history').get()).size, 2);
  });
});
