/**
 * Issue 11 item 7: the incident timeline and internal notes. Notes are staff-only: a reporter,
 * another campus's IMT, a new sign-up and an archived IMT neither read nor add them, nobody
 * writes the server's timeline or signs a note in another's name, and only Admins choose a
 * campus lead. Each refusal is checked with "nothing changed".
 */
import assert from 'node:assert/strict';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { LIMITS } from '@campus-safety/model';
import { theCast, type Cast } from './cast';
import {
  admin,
  assignee,
  countedWrite,
  incident,
  recordCountPath,
  refused,
  unique,
  type Attacker,
} from './support';

describe('attacks: timeline, internal notes, campus leads', () => {
  let c: Cast;
  let report: string;
  let notesPath: string;
  let timelinePath: string;
  let countsPath: string;
  before(async () => {
    c = await theCast();
    report = await incident('main', c.reporter);
    notesPath = `incident_reports/${report}/internal_notes`;
    timelinePath = `incident_reports/${report}/timeline`;
    countsPath = `incident_reports/${report}/record_counts`;
    // A genuine note by the campus's IMT: the refusals below are about who asks, not the path.
    const authorName = (await assignee(c.imtMain)).displayName;
    await countedWrite(c.imtMain.db, report, 'internal_notes', 'genuine', () => ({
      text: 'Reporter is the victim; keep the name out of the hand-over.',
      authorId: c.imtMain.uid,
      authorName,
      at: serverTimestamp(),
    }));
  });
  /** Adds a note from `who`'s session as the console does (counted). */
  const addNote = (who: Attacker, data: Record<string, unknown>) =>
    countedWrite(who.db, report, 'internal_notes', unique('note'), () => data);

  /** A note as the console would write it for `who`, under its directory name where it has one. */
  const note = async (who: Attacker, changes: Record<string, unknown> = {}) => ({
    text: 'Call the reporter on +1-555-0100',
    authorId: who.uid,
    authorName:
      ((await admin.db.doc(`staff_directory/${who.uid}`).get()).get('displayName') as
        string | undefined) ?? 'Campus Police',
    at: serverTimestamp(),
    ...changes,
  });

  for (const who of ['reporter', 'imtNorth', 'newbie', 'archived'] as const) {
    it(`${who} neither reads nor adds internal notes`, async () => {
      const attacker = c[who];
      await refused(() => getDocs(collection(attacker.db, notesPath)), []);
      await refused(() => getDoc(doc(attacker.db, notesPath, 'genuine')), []);
      const forged = await note(attacker);
      await refused(() => addNote(attacker, forged), [notesPath, countsPath]);
      await refused(
        () => updateDoc(doc(attacker.db, notesPath, 'genuine'), { text: 'Rewritten' }),
        [notesPath],
      );
      await refused(() => deleteDoc(doc(attacker.db, notesPath, 'genuine')), [notesPath]);
    });
  }

  it("the campus's IMT cannot sign a note as someone else, backdate it or rewrite one", async () => {
    const own = (changes: Record<string, unknown>) => note(c.imtMain, changes);
    for (const changes of [
      { authorId: c.admin.uid },
      { authorName: 'Campus Director' },
      { at: new Date(0) },
      { text: `pay here\u202Eereh yap` },
      { text: 'x'.repeat(2001) },
    ]) {
      const bad = await own(changes);
      await refused(() => addNote(c.imtMain, bad), [notesPath, countsPath]);
    }
    await refused(
      () => updateDoc(doc(c.imtMain.db, notesPath, 'genuine'), { text: 'Rewritten' }),
      [notesPath],
    );
  });

  it(`a report takes ${LIMITS.internalNotesPerReport} notes and refuses the next; nobody gets round the count`, async () => {
    const own = await incident('main', c.reporter);
    const ownNotes = `incident_reports/${own}/internal_notes`;
    const ownCounts = `incident_reports/${own}/record_counts`;
    const counter = doc(c.imtMain.db, recordCountPath(own, 'internal_notes'));
    const text = await note(c.imtMain);
    const add = (id: string) => countedWrite(c.imtMain.db, own, 'internal_notes', id, () => text);
    // Arranged one short of the bound (the count as the console would have left it).
    await admin.db
      .doc(recordCountPath(own, 'internal_notes'))
      .set({ count: LIMITS.internalNotesPerReport - 1, lastId: 'earlier' });
    await add('last-one');
    await refused(() => add(unique('note')), [ownNotes, ownCounts]);
    // Round the count: uncounted, counted back from zero, the count reset or removed.
    await refused(
      () => setDoc(doc(c.imtMain.db, ownNotes, unique('note')), text),
      [ownNotes, ownCounts],
    );
    await refused(async () => {
      const batch = writeBatch(c.imtMain.db);
      const id = unique('note');
      batch.set(doc(c.imtMain.db, ownNotes, id), text);
      batch.set(counter, { count: 1, lastId: id });
      await batch.commit();
    }, [ownNotes, ownCounts]);
    await refused(() => setDoc(counter, { count: 0, lastId: 'last-one' }), [ownNotes, ownCounts]);
    await refused(() => deleteDoc(counter), [ownNotes, ownCounts]);
  });

  it('the reporter does not read its own report’s timeline; nobody writes a timeline entry', async () => {
    await refused(() => getDocs(collection(c.reporter.db, timelinePath)), []);
    for (const who of [c.imtMain, c.admin, c.reporter]) {
      await refused(
        () =>
          setDoc(doc(who.db, timelinePath, unique('entry')), {
            kind: 'resolved',
            at: serverTimestamp(),
            actor: { uid: c.admin.uid, name: 'Ada Admin', role: 'Admin' },
            detail: 'Resolved',
          }),
        [timelinePath],
      );
      await refused(
        () => updateDoc(doc(who.db, timelinePath, 'reported'), { detail: 'Nothing happened' }),
        [timelinePath],
      );
    }
    // The staff of the campus do read it, and it names the reporter from their profile.
    const entries = await getDocs(collection(c.imtMain.db, timelinePath));
    assert.equal(entries.docs[0]?.get('actor.uid'), c.reporter.uid);
  });

  it('an IMT cannot make itself (or anyone) the campus lead; an Admin can', async () => {
    const lead = async (who: Attacker) => ({
      uid: who.uid,
      displayName: (await assignee(who)).displayName,
      email: who.email,
      updatedAt: serverTimestamp(),
    });
    await refused(
      async () => setDoc(doc(c.imtNorth.db, 'campus_leads', 'north'), await lead(c.imtNorth)),
      ['campus_leads'],
    );
    await refused(
      async () => setDoc(doc(c.reporter.db, 'campus_leads', 'main'), await lead(c.imtMain)),
      ['campus_leads'],
    );
    await setDoc(doc(c.admin.db, 'campus_leads', 'riverside'), await lead(c.imtRiverside));
    const stored = await admin.db.doc('campus_leads/riverside').get();
    assert.equal(stored.get('uid'), c.imtRiverside.uid);
    await refused(
      () => deleteDoc(doc(c.imtRiverside.db, 'campus_leads', 'riverside')),
      ['campus_leads'],
    );
  });
});
