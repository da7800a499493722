/**
 * Issue 19 item 1 in the browser: an IMT asks the reporter a quick question from the report
 * dialog; the reporter (the mobile app, played by the web SDK signed in as a seeded reporter)
 * gets the notification naming the IMT and answers; the IMT is alerted, sees the reply counted in
 * the navigation and in "Reporter replied", and reads the answer in the dialog.
 */
import assert from 'node:assert/strict';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDocs,
  getFirestore,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  terminate,
  where,
} from 'firebase/firestore';
import { waitUntil } from '@campus-safety/testkit/wait';
import { reportIncident } from '../support/admin.mjs';
import { screenshot } from '../support/artifacts.mjs';
import { DIALOGS, assertAccessible } from '../support/axe.mjs';
import { accounts, db, openPage, stack, staff } from '../support/suite.mjs';

const PROJECT = 'demo-campus-safety';
const FIRST_RUN = { timeout: 60_000 };

/** The reporter's app: the web SDK signed in as `reporter`. */
async function reporterApp(reporter) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `app-${reporter.uid}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${stack().endpoints.auth}`, { disableWarnings: true });
  const firestore = getFirestore(app);
  const [host, port] = stack().endpoints.firestore.split(':');
  connectFirestoreEmulator(firestore, host, Number(port));
  await signInWithEmailAndPassword(auth, reporter.email, reporter.password);
  const incident = (id) => doc(firestore, 'incident_reports', id);
  return {
    notificationsAbout: async (id) =>
      (
        await getDocs(
          query(
            collection(firestore, 'users', reporter.uid, 'notifications'),
            where('type_id', '==', id),
          ),
        )
      ).docs.map((d) => d.data()),
    conversation: async (id) =>
      (
        await getDocs(query(collection(incident(id), 'messages'), orderBy('sentAt', 'asc')))
      ).docs.map((d) => d.data()),
    /** As the app sends: counted and paced with the message, in one transaction. */
    answer: (id, text) =>
      runTransaction(firestore, async (tx) => {
        const message = doc(collection(incident(id), 'messages'));
        const counter = doc(incident(id), 'record_counts', 'messages');
        const pace = doc(incident(id), 'message_pace', reporter.uid);
        const counted = await tx.get(counter);
        const paced = await tx.get(pace);
        assert.equal(paced.exists(), false, 'the reporter has not written on this report yet');
        tx.set(message, {
          text,
          authorUid: reporter.uid,
          authorRole: 'reporter',
          sentAt: serverTimestamp(),
        });
        tx.set(counter, { count: (counted.get('count') ?? 0) + 1, lastId: message.id });
        tx.set(pace, { windowStart: serverTimestamp(), sent: 1, lastId: message.id });
      }),
    close: async () => {
      await terminate(firestore);
      await deleteApp(app);
    },
  };
}

describe('Conversation with the reporter', () => {
  it('IMT asks a quick question → the reporter is notified with the IMT name and answers → the IMT sees the count and the answer', async function () {
    this.timeout(180_000);
    const imt = staff('imt.main@campus.test');
    const reporter = accounts().reporters[2];
    const id = await reportIncident(db(), {
      reporter,
      campus: 'main',
      incidentType: 'Suspicious Activity',
      description: 'E2E: someone is trying car doors in parking lot B.',
    });
    const app = await reporterApp(reporter);
    try {
      const page = await openPage(`/reports?id=${id}`, imt);
      const detail = page.getByRole('dialog', { name: 'Incident report' });
      const conversation = detail.getByRole('region', { name: 'Conversation with the reporter' });
      await conversation.getByText('No messages yet.').waitFor();
      await conversation
        .getByRole('button', { name: 'Send quick question: Are you safe right now?' })
        .click();
      await conversation
        .getByRole('list', { name: 'Messages' })
        .getByText('Are you safe right now?')
        .waitFor();
      // The server names the author from the profile (Maria Santos), for both sides. The trigger's
      // first run starts its worker in the Functions emulator: tens of seconds on a busy machine.
      await conversation.getByText('You (Maria Santos)').waitFor(FIRST_RUN);

      const [notification] = await waitUntil(
        async () => {
          const list = await app.notificationsAbout(id);
          const messages = list.filter((n) => n.title.startsWith('Message from'));
          return messages.length > 0 ? messages : null;
        },
        { timeoutMs: 20_000, what: 'the reporter notification of the staff message' },
      );
      assert.equal(notification.title, 'Message from Maria Santos');
      assert.equal(notification.message, 'Are you safe right now?');

      // The IMT goes back to the list; the reporter answers from the app.
      await detail.getByRole('button', { name: 'Close' }).last().click();
      await page.locator('[data-reply-watch="live"]').waitFor({ state: 'attached' });
      const answer = 'Yes, I am safe. <b>He</b> went towards the library.';
      await app.answer(id, answer);
      assert.deepEqual(
        (await app.conversation(id)).map((m) => [m.authorRole, m.text]),
        [
          ['staff', 'Are you safe right now?'],
          ['reporter', answer],
        ],
      );

      // Alerted with Open, counted in the navigation and first in Needs action.
      const toast = page.getByRole('alert').filter({ hasText: 'Reporter replied' });
      await toast
        .getByText('The reporter of Suspicious Activity at Main Campus sent a message.')
        .waitFor();
      const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('replied-badge');
      assert.equal((await badge.textContent())?.trim(), '1 report with an unread reply');
      const queue = page.getByRole('region', { name: /^Reporter replied/ });
      await queue.getByText('Reporter replied', { exact: true }).first().waitFor();
      await screenshot(page, 'conversation-reporter-replied-1440');

      await toast.getByRole('button', { name: 'Open' }).click();
      const reply = conversation.getByRole('list', { name: 'Messages' }).getByText(answer);
      await reply.waitFor();
      // Text, never markup.
      assert.equal(await conversation.locator('b').count(), 0);
      // Reading it clears the count everywhere.
      await badge.waitFor({ state: 'detached' });
      await waitUntil(
        async () =>
          (await db().doc(`incident_reports/${id}`).get()).get('unreadFromReporter') === 0
            ? true
            : null,
        { timeoutMs: 10_000, what: 'the unread count reset' },
      );
      await assertAccessible(page, 'report dialog with a conversation', DIALOGS);
      // The conversation with its composer in view, at each width people use.
      for (const [width, height] of [
        [1440, 900],
        [768, 1024],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        await conversation
          .getByRole('button', { name: 'Send', exact: true })
          .scrollIntoViewIfNeeded();
        await screenshot(page, `conversation-dialog-${width}`, { fullPage: false });
      }
    } finally {
      await app.close();
    }
  });
});
