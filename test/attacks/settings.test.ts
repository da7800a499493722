/**
 * Issue 20 item 6 (editable settings): only an Admin changes response targets, incident types or
 * campus areas, and only through saveSetting; nobody rewrites a setting or its history directly,
 * and only Admins read who changed what.
 */
import { collection, doc, getDocs, serverTimestamp, setDoc } from 'firebase/firestore';
import { COLLECTIONS, DEFAULT_SETTING_VALUES, SETTING_IDS } from '@campus-safety/model';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { theCast, type Cast } from './cast';
import { admin, refused } from './support';

describe('attacks: editable settings (issue 20 item 6)', () => {
  let c: Cast;
  const path = `${COLLECTIONS.settings}/${SETTING_IDS.responseTargets}`;
  // Every target a week: nothing would ever escalate.
  const lax = Object.fromEntries(
    Object.keys(DEFAULT_SETTING_VALUES.responseTargets.targets).map((level) => [
      level,
      { assignWithinMinutes: 10_080, respondWithinMinutes: 10_080 },
    ]),
  );
  before(async () => {
    c = await theCast();
  });
  after(() => admin.db.recursiveDelete(admin.db.doc(path)));

  it('an IMT member, a reporter, a new or an archived account cannot save a setting', async () => {
    for (const who of [c.imtMain, c.reporter, c.newbie, c.archived])
      await refused(
        () => who.call('saveSetting', { setting: 'responseTargets', value: { targets: lax } }),
        [path, `${path}/history/x`],
        ['permission-denied', 'unauthenticated', 'failed-precondition'],
      );
  });

  it('nobody writes a setting or its history directly, not even an Admin', async () => {
    for (const who of [c.admin, c.imtMain, c.reporter]) {
      await refused(() => setDoc(doc(who.db, path), { targets: lax }), [path]);
      await refused(
        () => setDoc(doc(who.db, path, 'history', 'forged'), { by: { uid: who.uid } }),
        [`${path}/history/forged`],
      );
    }
  });

  it('an Admin saves through the callable; the history is hidden from an IMT member and a reporter', async () => {
    await c.admin.call('saveSetting', {
      setting: 'responseTargets',
      value: { targets: DEFAULT_SETTING_VALUES.responseTargets.targets },
    });
    for (const who of [c.imtMain, c.reporter])
      await refused(() => getDocs(collection(who.db, path, 'history')), []);
  });

  // Issue 30 item 4: the rules read the types and codes from settings/, so forging them is the way in.
  it('a reporter cannot offer a type of their own, nor file a report of it; an IMT member cannot add a resolve code', async () => {
    const types = `${COLLECTIONS.settings}/${SETTING_IDS.incidentTypes}`;
    const codes = `${COLLECTIONS.settings}/${SETTING_IDS.resolveCodes}`;
    const forged = {
      ...DEFAULT_SETTING_VALUES.incidentTypes.types,
      'Free pizza': { label: 'Free pizza', offered: true, clery: null, position: 8 },
    };
    await refused(() => setDoc(doc(c.reporter.db, types), { types: forged }), [types]);
    await refused(
      () => c.reporter.call('saveSetting', { setting: 'incidentTypes', value: { types: forged } }),
      [types],
    );
    await refused(
      () =>
        fileReportAsApp(c.reporter.db, c.reporter.uid, {
          timestamp: serverTimestamp(),
          geoLoc: { latitude: 1, longitude: 2 },
          nearestCampus: 'main',
          status: 'Reported',
          isArchived: false,
          email: c.reporter.email,
          reporterId: c.reporter.uid,
          incidentType: 'Free pizza',
        }),
      [],
    );
    await refused(() => setDoc(doc(c.imtMain.db, codes), { codes: ['Closed by IMT'] }), [codes]);
  });
});
