import assert from 'node:assert/strict';
import { FieldValue, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { COLLECTIONS, PUSH_TYPES, newEmergency } from '@campus-safety/model';
import { eventDocId } from '../../src/domain/event-ids';
import {
  cloudEvent,
  db,
  deliverEvent,
  notificationsOf,
  pushesFor,
  reportFiledBy,
  reporter,
  staffMember,
  unique,
  waitFor,
} from './stack';

const messageTitle = (n: DocumentData) =>
  typeof n.title === 'string' && n.title.startsWith('Message from');

/** A message as the rules let a participant write it (the server writes it here, unchecked). */
async function postMessage(
  incident: DocumentReference,
  authorUid: string,
  authorRole: 'reporter' | 'staff',
  text: string,
) {
  const ref = incident.collection(COLLECTIONS.messages).doc(unique('msg'));
  await ref.set({ text, authorUid, authorRole, sentAt: FieldValue.serverTimestamp() });
  return ref;
}

/** The event id the platform delivered for the message whose notification is `notificationId`. */
async function deliveredEventId(notificationId: string): Promise<string> {
  const markers = await db
    .collection(COLLECTIONS.processedEvents)
    .where('trigger', '==', 'incident-message')
    .get();
  const marker = markers.docs.find((m) => eventDocId(m.get('eventId')) === notificationId);
  assert.ok(marker, 'the delivery left its processed-event marker');
  return marker.get('eventId') as string;
}

describe('incident conversation', () => {
  it('a staff message gives the reporter one notification and one push naming the author from the profile, once however often delivered', async () => {
    const rep = await reporter(['device-m']);
    const imt = await staffMember('Ian', 'Mercado');
    const incident = await reportFiledBy(rep);
    const message = await postMessage(incident, imt.id, 'staff', 'Are you safe right now?');
    const [n, ...others] = await waitFor(
      async () => (await notificationsOf(rep.uid)).filter(messageTitle),
      (list) => list.length > 0,
    );
    assert.deepEqual(others, []);
    assert.equal(n!.title, 'Message from Ian Mercado');
    assert.equal(n!.message, 'Are you safe right now?');
    assert.equal(n!.type_id, incident.id);
    assert.equal(n!.isRead, false);
    const pushes = await waitFor(
      async () =>
        (await pushesFor('payload.type_id', incident.id)).filter(
          (p) => p.payload.title === n!.title,
        ),
      (p) => p.length > 0,
    );
    assert.equal(pushes.length, 1);
    assert.deepEqual(pushes[0]!.tokens, ['device-m']);
    assert.equal(pushes[0]!.payload.body, 'Are you safe right now?');
    // The message carries the author's profile name for both sides to show.
    assert.equal((await message.get()).get('authorName'), 'Ian Mercado');

    // A redelivery of the same event writes and sends nothing more.
    const stored = (await message.get()).data()!;
    await deliverEvent(
      'deliverIncidentMessage',
      cloudEvent({
        id: await deliveredEventId(n!.id),
        type: 'created',
        document: message.path,
        value: { ...stored, sentAt: stored.sentAt.toDate() },
      }),
    );
    assert.equal((await notificationsOf(rep.uid)).filter(messageTitle).length, 1);
    assert.equal(
      (await pushesFor('payload.type_id', incident.id)).filter((p) => p.payload.title === n!.title)
        .length,
      1,
    );
  });

  it('a staff message never takes a name from the message: a forged authorName is replaced by the profile name', async () => {
    const rep = await reporter();
    const imt = await staffMember('Nora', 'Valdez');
    const incident = await reportFiledBy(rep);
    const ref = incident.collection(COLLECTIONS.messages).doc(unique('msg'));
    await ref.set({
      text: 'Which way did they go?',
      authorUid: imt.id,
      authorRole: 'staff',
      authorName: 'Chief of Police',
      sentAt: FieldValue.serverTimestamp(),
    });
    const [n] = await waitFor(
      async () => (await notificationsOf(rep.uid)).filter(messageTitle),
      (list) => list.length > 0,
    );
    assert.equal(n!.title, 'Message from Nora Valdez');
    assert.equal((await ref.get()).get('authorName'), 'Nora Valdez');
  });

  it('a reporter message raises the unread count once per message; staff reading resets it', async () => {
    const rep = await reporter();
    const incident = await reportFiledBy(rep);
    await postMessage(incident, rep.uid, 'reporter', 'Yes, I am safe.');
    await waitFor(
      async () => (await incident.get()).data()!,
      (d) => d.unreadFromReporter === 1 && d.reporterReplied === true,
    );
    await postMessage(incident, rep.uid, 'reporter', 'He went towards the library.');
    const after = await waitFor(
      async () => (await incident.get()).data()!,
      (d) => d.unreadFromReporter === 2,
    );
    assert.equal(after.reporterReplied, true);
    // Staff read: the console writes CONVERSATION_READ; a later reply counts from zero.
    await incident.update({ unreadFromReporter: 0, reporterReplied: false });
    await postMessage(incident, rep.uid, 'reporter', 'Thank you.');
    await waitFor(
      async () => (await incident.get()).data()!,
      (d) => d.unreadFromReporter === 1 && d.reporterReplied === true,
    );
    // The reporter is told nothing of their own messages.
    assert.deepEqual((await notificationsOf(rep.uid)).filter(messageTitle), []);
  });

  it('a message whose author is not the reporter is not counted', async () => {
    const rep = await reporter();
    const other = await reporter();
    const incident = await reportFiledBy(rep);
    const stray = await postMessage(incident, other.uid, 'reporter', 'Not my report.');
    await postMessage(incident, rep.uid, 'reporter', 'Mine.');
    await waitFor(
      async () => (await incident.get()).data()!,
      (d) => d.unreadFromReporter === 1,
    );
    // Delivered by hand, the stray message returns once handled: still one.
    const stored = (await stray.get()).data()!;
    await deliverEvent(
      'deliverIncidentMessage',
      cloudEvent({
        id: unique('stray'),
        type: 'created',
        document: stray.path,
        value: { ...stored, sentAt: stored.sentAt.toDate() },
      }),
    );
    assert.equal((await incident.get()).get('unreadFromReporter'), 1);
  });
});

describe('emergency chat (the same conversation, issue 32 item 1)', () => {
  /** An emergency of `uid` on Main Campus as the app opens it (the server writes it here). */
  async function emergencyOf(uid: string, email: string) {
    const ref = db.collection(COLLECTIONS.emergencies).doc(unique('sos'));
    await ref.set({
      ...newEmergency(
        { uid, email, emailVerified: true },
        null,
        { campus: 'main', campusFrom: 'profile' },
        FieldValue.serverTimestamp(),
      ),
    });
    return ref;
  }

  it("a campus staff message gives the person one notification and one push opening the emergency, named from the profile; the person's own messages tell them nothing", async () => {
    const person = await reporter(['device-sos']);
    const imt = await staffMember('Ian', 'Mercado');
    const emergency = await emergencyOf(person.uid, person.email);
    await postMessage(emergency, person.uid, 'reporter', 'I am hiding in room 204.');
    const message = await postMessage(
      emergency,
      imt.id,
      'staff',
      'Stay there, officers are coming.',
    );
    const [n, ...others] = await waitFor(
      async () => (await notificationsOf(person.uid)).filter(messageTitle),
      (list) => list.length > 0,
    );
    assert.deepEqual(others, []);
    assert.equal(n!.title, 'Message from Ian Mercado');
    assert.equal(n!.message, 'Stay there, officers are coming.');
    assert.equal(n!.type, PUSH_TYPES.emergency);
    assert.equal(n!.type_id, emergency.id);
    const pushes = await waitFor(
      async () =>
        (await pushesFor('payload.type_id', emergency.id)).filter(
          (p) => p.payload.title === n!.title,
        ),
      (p) => p.length > 0,
    );
    assert.equal(pushes.length, 1);
    assert.deepEqual(pushes[0]!.tokens, ['device-sos']);
    assert.equal((await message.get()).get('authorName'), 'Ian Mercado');
  });

  it("another campus's IMT is no participant: no name, no notification", async () => {
    const person = await reporter();
    const north = await staffMember('Nora', 'Valdez', 'north');
    const main = await staffMember('Ana', 'Cruz');
    const emergency = await emergencyOf(person.uid, person.email);
    const stray = await postMessage(emergency, north.id, 'staff', 'Hello from North.');
    const ours = await postMessage(emergency, main.id, 'staff', 'Are you safe right now?');
    await waitFor(
      async () => (await ours.get()).get('authorName') as unknown,
      (name) => name === 'Ana Cruz',
    );
    // Delivered by hand, the stray message returns once handled: still unnamed, nobody told.
    const stored = (await stray.get()).data()!;
    await deliverEvent(
      'deliverEmergencyMessage',
      cloudEvent({
        id: unique('stray'),
        type: 'created',
        document: stray.path,
        value: { ...stored, sentAt: stored.sentAt.toDate() },
      }),
    );
    assert.equal((await stray.get()).get('authorName'), undefined);
    assert.deepEqual(
      (await notificationsOf(person.uid)).filter(messageTitle).map((n) => n.message),
      ['Are you safe right now?'],
    );
  });
});
