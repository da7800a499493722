/**
 * Recording an alert and starting it: sent now, at its time, or once a second Admin approves.
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  LANGUAGE_LABELS,
  SETTING_IDS,
  alertApprovalOf,
  audienceReach,
  needsSecondApproval,
  senderRefusal,
  staffReadsIncident,
  type Audience,
  type CallableInput,
  type Institution,
  type MassNotificationState,
  type SendMassNotificationResponse,
} from '@campus-safety/model';
import { fail } from '../../platform/errors';
import { millisOf } from '../../platform/timestamps';
import type { Caller } from '../../platform/caller';
import { accountHandedOverBy } from '../account-audit';
import { requireActiveCampuses } from '../campuses';
import { alerts } from './refs';
import { countSenderAction } from './sender-quota';

/** The alert approval in force, read fresh: a setting cache would let alerts skip a new rule. */
async function readApproval(db: Firestore) {
  const snap = await db.collection(COLLECTIONS.settings).doc(SETTING_IDS.alertApproval).get();
  return alertApprovalOf(snap.data());
}

/**
 * When the earliest of the linked incidents was reported; each must exist and be one the caller
 * may read (staffReadsIncident). A report they may not read gets the very answer of a missing
 * one, so linking learns nothing about another campus's reports.
 */
async function firstReportedAt(
  db: Firestore,
  incidentIds: string[],
  caller: Caller,
): Promise<Timestamp | null> {
  if (incidentIds.length === 0) return null;
  const refs = incidentIds.map((id) => db.collection(COLLECTIONS.incidentReports).doc(id));
  const snaps = await db.getAll(...refs);
  let first: number | null = null;
  for (const snap of snaps) {
    const incident = snap.data();
    if (!incident || !staffReadsIncident(caller, incident))
      fail('not-found', `Incident ${snap.id} does not exist.`);
    const at = millisOf(snap.get('timestamp'));
    if (at !== null && (first === null || at < first)) first = at;
  }
  return first === null ? null : Timestamp.fromMillis(first);
}

/**
 * Records an alert and starts it (docs/mass-notifications.md): sent now (state `sending`, which
 * starts the fan-out), at its scheduled time, or after a second Admin's approval when the
 * setting asks for one. Admins send anywhere, an IMT to their own campus only. Its main text is
 * in the institution's default language, which no version beside it may repeat.
 */
export async function sendMassNotification(
  db: Firestore,
  input: CallableInput<'sendMassNotification'>,
  caller: Caller,
  institution: Pick<Institution, 'timeZone' | 'defaultLanguage'>,
  now: Date = new Date(),
): Promise<SendMassNotificationResponse> {
  const { timeZone, defaultLanguage: language } = institution;
  if (input.translations[language])
    fail(
      'invalid-argument',
      `The main text is already in ${LANGUAGE_LABELS[language]}, the institution's default language: remove that version.`,
      {
        issues: [
          {
            path: 'translations',
            message: `The main text is already in ${LANGUAGE_LABELS[language]}.`,
          },
        ],
      },
    );
  let audience: Audience = input.audience;
  let reply = input.reply ?? null;
  const refusal = senderRefusal(caller, audience);
  if (refusal) fail('permission-denied', refusal);
  const campuses = await requireActiveCampuses(db, audience.campuses, 'audience');
  if (input.followsUp) {
    const earlier = await alerts(db).doc(input.followsUp).get();
    if (!earlier.exists) fail('not-found', 'The earlier alert this one follows up does not exist.');
    const earlierAudience = earlier.get('audience') as Audience;
    if (senderRefusal(caller, earlierAudience))
      fail('permission-denied', 'You cannot follow up an alert outside your campus.');
    if (input.toNonResponders) {
      // Exactly those the earlier alert reached who have not answered (the planner reads its
      // reply slots), asked the same question, their answers going to the earlier alert.
      if (!earlier.get('reply') || earlier.get('repliesFor') || earlier.get('state') !== 'sent')
        fail(
          'failed-precondition',
          'Only a sent alert that asked for a reply has people who have not answered.',
        );
      audience = { ...earlierAudience, nonRespondersOf: earlier.id };
      reply = earlier.get('reply') as typeof reply;
    }
  }
  const [approval, reportedAt] = await Promise.all([
    readApproval(db),
    firstReportedAt(db, input.incidentIds, caller),
  ]);
  const scheduled = input.scheduledDate instanceof Date ? input.scheduledDate : null;
  const state: MassNotificationState = needsSecondApproval(approval, {
    audience,
    channels: input.channels,
  })
    ? 'awaitingApproval'
    : scheduled
      ? 'scheduled'
      : 'sending';
  const ref = alerts(db).doc();
  await db.runTransaction(async (tx) => {
    await countSenderAction(tx, db, caller, 'alerts', now, timeZone);
    tx.create(ref, {
      kind: input.kind,
      title: input.title,
      body: input.body,
      language,
      translations: input.translations,
      audience,
      reach: audienceReach(audience, campuses),
      channels: input.channels,
      state,
      author: { uid: caller.uid, name: caller.displayName },
      createdAt: FieldValue.serverTimestamp(),
      scheduledFor: scheduled ? Timestamp.fromDate(scheduled) : null,
      approvedBy: null,
      sentAt: state === 'sending' ? FieldValue.serverTimestamp() : null,
      followsUp: input.followsUp ?? null,
      incidentIds: input.incidentIds,
      cleryCrime: input.kind === 'timelyWarning' ? (input.cleryCrime ?? null) : null,
      firstReportedAt: reportedAt,
      reply,
      repliesFor: audience.nonRespondersOf ?? null,
    });
  });
  return { id: ref.id, state };
}

const HANDED_OVER =
  "A second Admin must approve: this alert's author created, invited or gave a role to your account.";

/**
 * A second Admin approves an alert waiting for approval (docs/decisions.md#two-person-approval):
 * not its author, and not an account the author created, invited or made staff, which the author
 * may hold themselves. The second factor, where the deployment requires it, was checked for every
 * Admin call (platform/callable.ts).
 */
export async function approveMassNotification(
  db: Firestore,
  id: string,
  caller: Caller,
  now: Date,
): Promise<SendMassNotificationResponse> {
  const ref = alerts(db).doc(id);
  const author = (await ref.get()).get('author') as { uid?: unknown } | undefined;
  if (typeof author?.uid === 'string' && (await accountHandedOverBy(db, caller.uid, author.uid)))
    fail('permission-denied', HANDED_OVER);
  const state = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) fail('not-found', 'This alert does not exist.');
    if (snap.get('state') !== 'awaitingApproval')
      fail('failed-precondition', 'This alert is not waiting for approval.');
    if ((snap.get('author') as { uid?: unknown } | undefined)?.uid === caller.uid)
      fail('permission-denied', 'A second Admin must approve: you wrote this alert.');
    const due = millisOf(snap.get('scheduledFor'));
    const next: MassNotificationState =
      due !== null && due > now.getTime() ? 'scheduled' : 'sending';
    tx.update(ref, {
      state: next,
      approvedBy: { uid: caller.uid, name: caller.displayName, at: FieldValue.serverTimestamp() },
      ...(next === 'sending' ? { sentAt: FieldValue.serverTimestamp() } : {}),
    });
    return next;
  });
  return { id, state };
}

/**
 * The every-minute job: each scheduled alert whose time has come starts sending, flipped in its
 * own transaction so two runs start it once. Only the equality filter is queried (no index).
 */
export async function sendDueMassNotifications(db: Firestore, now: Date): Promise<string[]> {
  const due = await alerts(db).where('state', '==', 'scheduled').get();
  const started: string[] = [];
  for (const doc of due.docs) {
    const at = millisOf(doc.get('scheduledFor'));
    if (at === null || at > now.getTime()) continue;
    const flipped = await db.runTransaction(async (tx) => {
      const fresh = await tx.get(doc.ref);
      if (fresh.get('state') !== 'scheduled') return false;
      tx.update(doc.ref, { state: 'sending', sentAt: FieldValue.serverTimestamp() });
      return true;
    });
    if (flipped) started.push(doc.id);
  }
  return started;
}
