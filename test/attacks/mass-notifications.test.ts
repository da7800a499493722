/**
 * Mass notifications from the outside (issue 21): a reporter or an IMT of another campus can
 * neither read nor send a campus's alert; nobody writes an alert, forges a receipt or approves
 * their own Emergency Notification. Each refusal leaves the alert and its receipts as they were.
 * Issue 28: one person does not satisfy two-person approval (a second Admin they made, a kind
 * chosen to skip it), a toggled "read" counts once, and linking an incident leaks nothing.
 */
import assert from 'node:assert/strict';
import {
  parseInvitationCode,
  type CreateAccountResponse,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { theCast, type Cast } from './cast';
import {
  admin,
  account,
  incident,
  refused,
  signIn,
  unique,
  waitFor,
  type Attacker,
} from './support';

describe('attacks: mass notifications', () => {
  let c: Cast;
  let secondAdmin: Attacker;
  let alertId: string;
  const alert = (overrides: Record<string, unknown> = {}) => ({
    kind: 'emergency',
    title: 'Shelter in place',
    body: 'Go inside now.',
    audience: { allCampuses: false, campuses: ['main'], staffOnly: false },
    channels: ['inApp'],
    ...overrides,
  });

  before(async function () {
    this.timeout(120_000);
    c = await theCast();
    secondAdmin = await account('second Admin', { role: 'Admin', firstName: 'Bea' });
    await admin.db
      .doc('settings/alert_approval')
      .set({ approval: { audience: 'wholeCampus', urgency: 'any' } });
    alertId = (await c.imtMain.call<SendMassNotificationResponse>('sendMassNotification', alert()))
      .id;
  });
  after(() => admin.db.doc('settings/alert_approval').delete());

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

  it('a second Admin the author created for an address they hold cannot approve the author’s alert', async () => {
    const own = (
      await c.admin.call<SendMassNotificationResponse>(
        'sendMassNotification',
        alert({ title: 'Mine, approved by me' }),
      )
    ).id;
    const email = `${unique('my-alias')}@campus.test`;
    const created = await c.admin.call<CreateAccountResponse>('createAccount', {
      firstName: 'Alias',
      lastName: 'Mine',
      email,
      role: 'Admin',
      campus: null,
    });
    await c.newbie.call('redeemInvitation', {
      ...parseInvitationCode(created.invitation.code)!,
      password: 'my alias passphrase',
    });
    // The address is the author's, so they open its verification link too.
    await admin.auth.updateUser(created.uid, { emailVerified: true });
    const alias = await signIn('my alias', email, 'my alias passphrase');
    const message = await refused(
      () => alias.call('approveMassNotification', { id: own }),
      [`mass_notifications/${own}`, `mass_notifications/${own}/batches`],
    );
    assert.match(message, /author created, invited or gave a role to your account/);
  });

  it('an IMT’s “LOCKDOWN: active shooter” as a safety message or Timely Warning waits like an Emergency Notification', async () => {
    for (const kind of ['general', 'timelyWarning']) {
      const sent = await c.imtMain.call<SendMassNotificationResponse>(
        'sendMassNotification',
        alert({
          kind,
          title: 'LOCKDOWN: active shooter',
          channels: ['push', 'sms', 'inApp'],
          ...(kind === 'timelyWarning' ? { cleryCrime: 'aggravatedAssault' } : {}),
        }),
      );
      assert.equal(sent.state, 'awaitingApproval', kind);
      const stored = (await admin.db.doc(`mass_notifications/${sent.id}`).get()).data()!;
      assert.equal(stored.sentAt, null);
      assert.equal(
        (await admin.db.collection(`mass_notifications/${sent.id}/batches`).get()).size,
        0,
      );
    }
  });

  it('an IMT linking another campus’s report learns no more than from a missing id', async () => {
    const north = await incident('north', c.reporter);
    const link = (id: string) =>
      alert({
        kind: 'timelyWarning',
        cleryCrime: 'burglary',
        audience: { allCampuses: false, campuses: ['main'], staffOnly: true },
        incidentIds: [id],
      });
    const missing = await refused(
      () => c.imtMain.call('sendMassNotification', link('no-such-report')),
      ['mass_notifications'],
      ['not-found'],
    );
    const other = await refused(
      () => c.imtMain.call('sendMassNotification', link(north)),
      ['mass_notifications'],
      ['not-found'],
    );
    assert.equal(other, missing.replace('no-such-report', north));
  });

  it('toggling “read” again and again counts one reader', async () => {
    const reader = await account('alert reader', { role: 'User', campus: 'main' });
    await admin.db.doc('settings/alert_approval').delete();
    const sent = await c.admin.call<SendMassNotificationResponse>(
      'sendMassNotification',
      alert({ kind: 'general', title: 'Read me once' }),
    );
    await admin.db
      .doc('settings/alert_approval')
      .set({ approval: { audience: 'wholeCampus', urgency: 'any' } });
    const mine = doc(reader.db, 'users', reader.uid, 'notifications', `mass-${sent.id}`);
    await waitFor(
      async () => (await getDoc(mine)).exists(),
      (exists) => exists,
    );
    for (let i = 0; i < 5; i++) {
      await updateDoc(mine, { isRead: true });
      await updateDoc(mine, { isRead: false });
    }
    await updateDoc(mine, { isRead: true });
    // The server's record of this reader has seen all six openings; the receipt counts one.
    await waitFor(
      async () =>
        (await admin.db.doc(`mass_notifications/${sent.id}/readers/${reader.uid}`).get()).get(
          'opened',
        ),
      (opened) => opened === 6,
    );
    const shards = async () =>
      (await admin.db.collection(`mass_notifications/${sent.id}/read_shards`).get()).docs.reduce(
        (sum, d) => sum + Number(d.get('count') ?? 0),
        0,
      );
    assert.equal(await shards(), 1);
    await refused(
      () => getDocs(collection(reader.db, 'mass_notifications', sent.id, 'readers')),
      [],
    );
  });
});
