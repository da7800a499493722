/**
 * Mass notifications from the outside (issue 21): a reporter or an IMT of another campus can
 * neither read nor send a campus's alert; nobody writes an alert, forges a receipt or approves
 * their own Emergency Notification. Each refusal leaves the alert and its receipts as they were.
 */
import assert from 'node:assert/strict';
import { DEFAULT_TEMPLATES, type SendMassNotificationResponse } from '@campus-safety/model';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import { admin, account, refused, waitFor, type Attacker } from './support';

describe('attacks: mass notifications', () => {
  let c: Cast;
  let secondAdmin: Attacker;
  let alertId: string;
  const alert = (overrides: Record<string, unknown> = {}) => ({
    kind: 'emergency',
    title: 'Shelter in place',
    body: 'Go inside now.',
    audience: { allCampuses: false, campuses: ['Main Campus'], staffOnly: false },
    channels: ['inApp'],
    ...overrides,
  });

  before(async function () {
    this.timeout(120_000);
    c = await theCast();
    secondAdmin = await account('second Admin', { role: 'Admin', firstName: 'Bea' });
    await admin.db.doc('settings/mass_notifications').set({
      templates: DEFAULT_TEMPLATES,
      twoPersonApproval: true,
    });
    alertId = (await c.imtMain.call<SendMassNotificationResponse>('sendMassNotification', alert()))
      .id;
  });
  after(() => admin.db.doc('settings/mass_notifications').delete());

  const watched = () => [`mass_notifications/${alertId}`, `mass_notifications/${alertId}/batches`];

  it('a reporter and another campus’s IMT cannot read a Main Campus alert or its receipts', async () => {
    for (const who of [c.reporter, c.imtNorth, c.archived]) {
      await refused(() => getDoc(doc(who.db, 'mass_notifications', alertId)), []);
      await refused(
        () => getDocs(collection(who.db, 'mass_notifications', alertId, 'batches')),
        [],
      );
    }
    assert.equal((await getDoc(doc(c.imtMain.db, 'mass_notifications', alertId))).exists(), true);
  });

  it('a reporter, an archived IMT and another campus’s IMT cannot send to Main Campus', async () => {
    for (const who of [c.reporter, c.imtNorth, c.archived]) {
      await refused(
        () => who.call('sendMassNotification', alert({ title: `From ${who.label}` })),
        ['mass_notifications'],
      );
    }
    await refused(
      () =>
        c.imtMain.call(
          'sendMassNotification',
          alert({ audience: { allCampuses: true, campuses: [], staffOnly: false } }),
        ),
      ['mass_notifications'],
    );
  });

  it('nobody writes an alert, forges a receipt or approves directly', async () => {
    for (const who of [c.reporter, c.imtMain, c.admin]) {
      await refused(
        () =>
          setDoc(doc(who.db, 'mass_notifications', `forged-${who.uid}`), {
            ...alert(),
            state: 'sending',
          }),
        watched(),
      );
      await refused(
        () => updateDoc(doc(who.db, 'mass_notifications', alertId), { state: 'sending' }),
        watched(),
      );
      await refused(
        () =>
          setDoc(doc(who.db, 'mass_notifications', alertId, 'batches', 'b99999'), {
            uids: [who.uid],
            receipts: {},
          }),
        watched(),
      );
    }
  });

  it('the author cannot approve their own Emergency Notification; an IMT cannot approve; a second Admin can', async () => {
    const own = (
      await c.admin.call<SendMassNotificationResponse>(
        'sendMassNotification',
        alert({ title: 'Own' }),
      )
    ).id;
    assert.equal(
      (await admin.db.doc(`mass_notifications/${own}`).get()).get('state'),
      'awaitingApproval',
    );
    await refused(
      () => c.admin.call('approveMassNotification', { id: own }),
      [`mass_notifications/${own}`],
    );
    await refused(() => c.imtMain.call('approveMassNotification', { id: alertId }), watched());
    await secondAdmin.call('approveMassNotification', { id: own });
    await waitFor(
      async () => (await admin.db.doc(`mass_notifications/${own}`).get()).get('state'),
      (s) => s === 'sent',
    );
  });
});
