import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  COLLECTIONS,
  EMERGENCY_NOTIFICATION_TYPE,
  EMERGENCY_THREAT_LEVEL,
  campusName,
  type Campuses,
  ESCALATION_LEVEL_LABELS,
  PAGING_REFUSAL_TEXT,
  dueStepCount,
  escalationPolicyOf,
  escalationTimeline,
  fullName,
  pagingRefusal,
  type AcknowledgeEmergencyResponse,
  type EscalationPolicy,
} from '@campus-safety/model';
import { emergencyEscalationSms, emergencyPageSms } from '../domain/paging-mail';
import { eventDocId } from '../domain/event-ids';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { runOnce } from '../platform/run-once';
import { runTransaction } from '../platform/transactions';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { millisOf } from '../platform/timestamps';
import type { PushSender } from '../push/sender';
import { recipientsFor, stepTexts, textsNote, type EscalationDeps } from './escalation';
import { onCallFor } from './on-call';
import { addEntry } from './timeline';
import { deviceTokensOf } from './user-refs';
import { currentCampuses } from './settings';

export interface EmergencyDeps {
  db: Firestore;
  push: PushSender;
  /** The SMS adapter (null: SMS off, the page goes by console alert and push only). */
  sms: SmsProvider | null;
  /** The phone `uid` proved (for alerts, or as a second factor), or null. */
  phoneOf: (uid: string) => Promise<string | null>;
  /** The console's address, for the emergency's page in the SMS. */
  consoleUrl: string;
  /** Whether the Auth account of `uid` has verified its email (the truth, not a mirror). */
  emailVerified: (uid: string) => Promise<boolean>;
  now: () => Date;
  timeZone: string;
}

/**
 * What escalation needs: no email check (recipientsFor reads the accounts themselves); the phones
 * of everyone a step tells at once.
 */
export type EmergencyEscalationDeps = Omit<EmergencyDeps, 'emailVerified' | 'phoneOf'> &
  Pick<EscalationDeps, 'phonesOf'>;

/** Open emergencies read per housekeeping run. */
const ESCALATION_PAGE = 200;

const emergencyRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.emergencies).doc(id);
const emergencyTimeline = (db: Firestore, id: string) =>
  emergencyRef(db, id).collection(COLLECTIONS.timeline);

/** "SOS from Rita Reporter (email not verified), Main Campus": what a page and the timeline say. */
function emergencyLabel(emergency: DocumentData, name: string | null, campuses: Campuses): string {
  const who = name || String(emergency.email ?? 'someone');
  const unverified = emergency.emailVerified === true ? '' : ' (email not verified)';
  return `SOS from ${who}${unverified}, ${campusName(campuses, String(emergency.campus))}`;
}

interface Recipient {
  uid: string;
  name: string;
  tokens: string[];
}

/**
 * Tells `recipients` of the emergency: a console notice `emergency-<id>` (renewed unread on each
 * step) in the caller's transaction, with `changes` to the emergency itself; the pushes follow
 * the commit (pushRecipients).
 */
function noticeRecipients(
  tx: FirebaseFirestore.Transaction,
  db: Firestore,
  emergencyId: string,
  recipients: Recipient[],
  message: string,
  changes: Record<string, unknown> = {},
) {
  // `notified`: whose notices the acknowledgement closes. Nobody to tell and nothing to change
  // (nobody on call): no update, which the SDK refuses empty.
  const update = {
    ...changes,
    ...(recipients.length > 0
      ? { notified: FieldValue.arrayUnion(...recipients.map((r) => r.uid)) }
      : {}),
  };
  if (Object.keys(update).length > 0) tx.update(emergencyRef(db, emergencyId), update);
  for (const r of recipients)
    tx.set(
      db
        .collection(COLLECTIONS.users)
        .doc(r.uid)
        .collection(COLLECTIONS.notifications)
        .doc(`emergency-${emergencyId}`),
      {
        title: 'Emergency',
        message,
        color: 'red',
        icon: 'sos',
        isRead: false,
        open: true,
        timestamp: FieldValue.serverTimestamp(),
        type: EMERGENCY_NOTIFICATION_TYPE,
        type_id: emergencyId,
      },
    );
}

async function pushRecipients(
  deps: Pick<EmergencyDeps, 'db' | 'push'>,
  emergencyId: string,
  recipients: Recipient[],
  message: string,
  scope: string,
) {
  for (const r of recipients)
    await deps.push.send(
      { tokens: r.tokens, owner: deps.db.collection(COLLECTIONS.users).doc(r.uid) },
      {
        title: 'Emergency',
        body: message,
        type: EMERGENCY_NOTIFICATION_TYPE,
        type_id: emergencyId,
      },
      `emergency-${emergencyId}-${scope}-${r.uid}`,
    );
}

/**
 * A new emergency: its timeline gets "opened" with the person's name as the server knows it, the
 * emergency `personName`, and the campus's on-call person is paged at once (console notice and
 * push), when they are live, verified staff of the campus; otherwise the timeline says why and
 * only the console alarm (and the escalation) remain. Once per event (runOnce).
 */
export async function pageOnEmergency(
  deps: EmergencyDeps,
  event: { eventId: string; emergencyId: string; emergency: DocumentData },
): Promise<'paged' | 'nobody' | 'duplicate'> {
  const { db } = deps;
  const { emergency, emergencyId } = event;
  const campus = String(emergency.campus);
  const [person, onCall, campuses] = await Promise.all([
    db.collection(COLLECTIONS.users).doc(String(emergency.uid)).get(),
    onCallFor(db, campus, deps.now(), deps.timeZone),
    currentCampuses(db, { knowing: campus }),
  ]);
  const personName = person.exists ? fullName(person.data()!) || null : null;
  const label = emergencyLabel(emergency, personName, campuses);
  const onCallUid = onCall.onCall?.uid ?? null;
  const profile = onCallUid
    ? (await db.collection(COLLECTIONS.users).doc(onCallUid).get()).data()
    : undefined;
  const refusal = onCallUid
    ? pagingRefusal(profile, profile ? await deps.emailVerified(onCallUid) : false, campus)
    : 'no-account';
  const recipients: Recipient[] =
    onCallUid && refusal === null
      ? [{ uid: onCallUid, name: fullName(profile!), tokens: deviceTokensOf(profile) }]
      : [];
  const openedAt = new Date(millisOf(emergency.openedAt) ?? deps.now().getTime());
  // By SMS too, to the phone the person on call proved (issue 32 item 6): once, with the event.
  const phone = recipients[0] && deps.sms ? await deps.phoneOf(recipients[0].uid) : null;
  const sms = phone
    ? db.collection(COLLECTIONS.smsMessages).doc(eventDocId(event.eventId, 'emergency-page'))
    : null;
  const run = await runOnce(
    db,
    { trigger: 'page-on-emergency', eventId: event.eventId },
    async (tx) => {
      const timeline = emergencyTimeline(db, emergencyId);
      tx.update(emergencyRef(db, emergencyId), { personName });
      addEntry(tx, timeline.doc('opened'), {
        kind: 'reported',
        at: openedAt,
        actor: { uid: String(emergency.uid), name: personName ?? '', role: null },
        detail: `${label}${emergency.location ? '' : ': no location (blocked or unavailable)'}`,
      });
      const devices = recipients[0]?.tokens.length ?? 0;
      if (sms && phone)
        queueSms(tx, sms, {
          to: phone,
          text: emergencyPageSms(label, deps.consoleUrl, emergencyId),
        });
      addEntry(tx, timeline.doc('paged'), {
        kind: 'paged',
        at: new Date(openedAt.getTime() + 1),
        actor: null,
        detail: recipients[0]
          ? `Paged ${recipients[0].name || recipients[0].uid} (on call): console alert, ${sms ? 'SMS, ' : ''}push to ${devices} device${devices === 1 ? '' : 's'}`
          : onCallUid
            ? `The person on call was not paged: ${PAGING_REFUSAL_TEXT[refusal!]}`
            : `Nobody is on call for ${campusName(campuses, campus)}: the console alarm only`,
      });
      noticeRecipients(tx, db, emergencyId, recipients, label);
    },
  );
  if (run.duplicate) return 'duplicate';
  await Promise.all([
    pushRecipients(deps, emergencyId, recipients, label, 'opened'),
    sms ? deliverSms(sms, deps.sms) : undefined,
  ]);
  return recipients.length > 0 ? 'paged' : 'nobody';
}

/**
 * A staff member of the emergency's campus (an Admin: any) acknowledges it: once, at server time,
 * with who and when on its timeline; the alarm stops for everyone (the console shows open ones
 * only), so does its escalation, and the notices of everyone paged about it close. A second call answers with the first acknowledgement.
 */
export async function acknowledgeEmergency(
  db: Firestore,
  input: { emergencyId: string },
  caller: Caller,
  now: () => Date = () => new Date(),
): Promise<AcknowledgeEmergencyResponse> {
  const ref = emergencyRef(db, input.emergencyId);
  return runTransaction(db, async (tx) => {
    const emergency = (await tx.get(ref)).data();
    if (!emergency) fail('not-found', 'This emergency does not exist.');
    if (caller.role !== 'Admin' && emergency.campus !== caller.campus)
      fail('permission-denied', 'Only staff of the emergency’s campus can acknowledge it.');
    const first = millisOf(emergency.acknowledgedAt);
    if (first !== null)
      return {
        emergencyId: ref.id,
        acknowledgedAt: new Date(first).toISOString(),
        alreadyAcknowledged: true,
      };
    if (emergency.status !== 'open')
      fail('failed-precondition', 'The person closed this emergency: they said they are safe.');
    const notified = Array.isArray(emergency.notified)
      ? (emergency.notified as unknown[]).filter((u): u is string => typeof u === 'string')
      : [];
    const notices = notified.map((uid) =>
      db
        .collection(COLLECTIONS.users)
        .doc(uid)
        .collection(COLLECTIONS.notifications)
        .doc(`emergency-${ref.id}`),
    );
    const existing = notices.length > 0 ? await tx.getAll(...notices) : [];
    const at = now();
    const name = caller.displayName || caller.uid;
    for (const snap of existing)
      if (snap.exists) tx.update(snap.ref, { open: false, isRead: true });
    tx.update(ref, {
      status: 'acknowledged',
      acknowledgedAt: Timestamp.fromDate(at),
      acknowledgedBy: { uid: caller.uid, name },
    });
    addEntry(tx, emergencyTimeline(db, ref.id).doc(`acknowledged-${at.getTime()}`), {
      kind: 'acknowledged',
      at,
      actor: { uid: caller.uid, name: caller.displayName, role: caller.role },
      detail: `Acknowledged by ${name}`,
    });
    return { emergencyId: ref.id, acknowledgedAt: at.toISOString(), alreadyAcknowledged: false };
  });
}

/**
 * One emergency still open (unacknowledged) escalates like a Critical report unacknowledged since
 * it was opened: the latest due step of its campus's policy not told yet fires, once (runOnce by
 * emergency and step). The policy's first level (the assignee) is the person on call for an
 * emergency, which has no assignee: they are paged again. Returns whether a step fired.
 */
async function escalateEmergency(
  deps: EmergencyEscalationDeps,
  id: string,
  first: DocumentData,
  policy: EscalationPolicy,
): Promise<boolean> {
  const { db } = deps;
  const openedMs = millisOf(first.openedAt);
  if (openedMs === null) return false;
  const now = deps.now();
  const steps = escalationTimeline(policy, EMERGENCY_THREAT_LEVEL);
  const due = dueStepCount(policy, EMERGENCY_THREAT_LEVEL, openedMs, now.getTime());
  const fired = typeof first.escalation?.fired === 'number' ? first.escalation.fired : 0;
  if (due <= fired) return false;
  const step = due - 1;
  const level = steps[step]!.level;
  const campus = String(first.campus);
  const recipients = await recipientsFor(deps, level === 'assignee' ? 'onCall' : level, {
    nearestCampus: campus,
  });
  const label = emergencyLabel(
    first,
    typeof first.personName === 'string' ? first.personName : null,
    await currentCampuses(db, { knowing: campus }),
  );
  const message = `${label} is not acknowledged: ${ESCALATION_LEVEL_LABELS[level]} told.`;
  // By SMS too, as a report's steps (issue 32 item 6): the person in danger waits on this page.
  const texts = await stepTexts(deps, recipients, `emergency-${id}-${step}`);
  const run = await runOnce(
    db,
    { trigger: 'emergency-escalation', eventId: `${id}-${step}` },
    async (tx) => {
      const current = (await tx.get(emergencyRef(db, id))).data();
      if (current?.status !== 'open') return false;
      tx.update(emergencyRef(db, id), {
        escalation: { fired: due, level, lastAt: Timestamp.fromDate(now) },
      });
      const told =
        recipients.length > 0 ? recipients.map((r) => r.name || r.uid).join(', ') : 'nobody';
      addEntry(tx, emergencyTimeline(db, id).doc(`escalated-${step}`), {
        kind: 'escalated',
        at: now,
        actor: null,
        detail: `Step ${step + 1} of ${steps.length}, ${ESCALATION_LEVEL_LABELS[level]}: not acknowledged for ${Math.round((now.getTime() - openedMs) / 60_000)} min; told ${told}${textsNote(texts)}`,
      });
      for (const { ref, to } of texts)
        queueSms(tx, ref, { to, text: emergencyEscalationSms(message, deps.consoleUrl, id) });
      noticeRecipients(tx, db, id, recipients, message);
      return true;
    },
  );
  if (run.duplicate || !run.result) return false;
  await Promise.all([
    pushRecipients(deps, id, recipients, message, `step-${step}`),
    ...texts.map(({ ref }) => deliverSms(ref, deps.sms)),
  ]);
  return true;
}

/**
 * Housekeeping's part: every open (unacknowledged) emergency, up to ESCALATION_PAGE a run (equality on `status` only: no composite index). Returns the steps fired.
 */
export async function escalateOpenEmergencies(deps: EmergencyEscalationDeps): Promise<number> {
  const open = await deps.db
    .collection(COLLECTIONS.emergencies)
    .where('status', '==', 'open')
    .limit(ESCALATION_PAGE)
    .get();
  const policies = new Map<string, EscalationPolicy>();
  let fired = 0;
  for (const doc of open.docs) {
    const campus = String(doc.get('campus'));
    try {
      if (!policies.has(campus))
        policies.set(
          campus,
          escalationPolicyOf(
            (await deps.db.collection(COLLECTIONS.escalationPolicies).doc(campus).get()).data(),
          ),
        );
      if (await escalateEmergency(deps, doc.id, doc.data(), policies.get(campus)!)) fired += 1;
    } catch (error) {
      // One emergency's failure must not stop the others; the next run tries it again.
      logger.error('Emergency escalation failed', { emergencyId: doc.id, error });
    }
  }
  return fired;
}
