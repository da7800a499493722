import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  COLLECTIONS,
  ESCALATION_CONDITION_TEXT,
  ESCALATION_LEVEL_LABELS,
  ESCALATION_NOTIFICATION_TYPE,
  dueStepCount,
  escalationConditionOf,
  escalationPolicyOf,
  escalationTimeline,
  fullName,
  minutesBetween,
  pagedReportLabel,
  type EscalationLevel,
  type EscalationPolicy,
  type ResponseTargets,
  type ReportEscalation as ModelReportEscalation,
} from '@campus-safety/model';
import type { PushSender } from '../push/sender';
import { escalationSms } from '../domain/paging-mail';
import { eventDocId } from '../domain/event-ids';
import { runOnce } from '../platform/run-once';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { runTransaction } from '../platform/transactions';
import { millisOf } from '../platform/timestamps';
import { onCallFor } from './on-call';
import { currentCampuses, currentSettings } from './settings';
import { addEntry, timelineCollection } from './timeline';
import { deviceTokensOf, userIdOf } from './user-refs';

export interface EscalationDeps {
  db: Firestore;
  push: PushSender;
  /** The SMS adapter: a step texts each person it tells at the phone they proved (null: no SMS). */
  sms: SmsProvider | null;
  /** The phones people proved, by uid (platform/verified-phones.ts). */
  phonesOf: (uids: string[]) => Promise<Map<string, string>>;
  /** The console's address, for the report's page in the SMS. */
  consoleUrl: string;
  now: () => Date;
  timeZone: string;
}

/** Who is told at a level: what recipientsFor reads (emergencies escalate with it too). */
export type RecipientDeps = Pick<EscalationDeps, 'db' | 'now' | 'timeZone'>;

/** Open reports read per page, and pages per run: a run reads at most 1,000 reports. */
const PAGE = 200;
const MAX_PAGES = 5;

type ReportEscalation = ModelReportEscalation<Timestamp>;

interface Recipient {
  uid: string;
  name: string;
  tokens: string[];
}

/** One text of an escalation step: to a person it tells, at the phone they proved. */
export interface StepText {
  ref: DocumentReference;
  to: string;
}

/**
 * The texts of the escalation step `stepKey` (issue 32 item 6): one per person told who proved a
 * phone, each under an id of the step and person, so a step texts a person once however often
 * it runs; none when SMS is off.
 */
export async function stepTexts(
  deps: Pick<EscalationDeps, 'db' | 'sms' | 'phonesOf'>,
  recipients: readonly Recipient[],
  stepKey: string,
): Promise<StepText[]> {
  if (!deps.sms || recipients.length === 0) return [];
  const phones = await deps.phonesOf(recipients.map((r) => r.uid));
  return recipients.flatMap((r) => {
    const to = phones.get(r.uid);
    const ref = deps.db
      .collection(COLLECTIONS.smsMessages)
      .doc(eventDocId(stepKey, `escalation-${r.uid}`));
    return to ? [{ ref, to }] : [];
  });
}

/** How a step's timeline entry counts its texts. */
export const textsNote = (texts: readonly StepText[]) =>
  texts.length > 0 ? ` (SMS to ${texts.length})` : '';

/** The facts a condition is read from, out of a stored report. */
export function escalationFactsOf(incident: DocumentData) {
  return {
    status: incident.status,
    isArchived: incident.isArchived,
    threatLevel: incident.threatLevel,
    reportedAtMs: millisOf(incident.timestamp),
    assignedAtMs: millisOf(incident.assignedAt),
    acknowledgedAtMs: millisOf(incident.acknowledgedAt),
  };
}

const live = (data: DocumentData | undefined, campus: string, roles: string[]) =>
  !!data &&
  data.isArchived !== true &&
  roles.includes(String(data.role)) &&
  (data.role === 'Admin' || data.campus === campus);

/**
 * Who one level of a campus's policy tells about `incident` (a report, or an emergency as
 * `{ nearestCampus }`): its assignee, the person on call, the designated lead, or every live
 * Admin; each found by uid and live staff of the campus.
 */
export async function recipientsFor(
  deps: RecipientDeps,
  level: EscalationLevel,
  incident: DocumentData,
): Promise<Recipient[]> {
  const { db } = deps;
  const campus = String(incident.nearestCampus);
  const users = db.collection(COLLECTIONS.users);
  const one = async (uid: string | null, roles = ['Admin', 'IMT']): Promise<Recipient[]> => {
    if (!uid) return [];
    const data = (await users.doc(uid).get()).data();
    return live(data, campus, roles)
      ? [{ uid, name: fullName(data!), tokens: deviceTokensOf(data) }]
      : [];
  };
  switch (level) {
    case 'assignee':
      return one(userIdOf((incident.assignedTo as { id?: unknown } | undefined)?.id));
    case 'onCall':
      return one((await onCallFor(db, campus, deps.now(), deps.timeZone)).onCall?.uid ?? null);
    case 'campusLead': {
      // The lead is an IMT member of the campus (an Admin is told at the Admins' level).
      const lead = (await db.collection(COLLECTIONS.campusLeads).doc(campus).get()).data();
      return one(typeof lead?.uid === 'string' ? lead.uid : null, ['IMT']);
    }
    case 'admins': {
      const admins = await users
        .where('role', '==', 'Admin')
        .where('isArchived', '==', false)
        .get();
      return admins.docs.map((d) => ({
        uid: d.id,
        name: fullName(d.data()),
        tokens: deviceTokensOf(d.data()),
      }));
    }
  }
}

/**
 * Fires the due steps of one report's escalation that were not told yet, each once (runOnce
 * keyed by report, condition, its start and the step): re-reads the report in the transaction,
 * records a timeline entry per step, leaves (or renews as unread) the recipients' console
 * notification `escalation-<id>` and keeps the report's `escalation` state; pushes follow.
 * Returns how many steps it fired.
 */
async function escalateReport(
  deps: EscalationDeps,
  incidentId: string,
  policy: EscalationPolicy,
  targets: ResponseTargets,
): Promise<number> {
  const { db } = deps;
  const ref = db.collection(COLLECTIONS.incidentReports).doc(incidentId);
  const first = (await ref.get()).data();
  if (!first || typeof first.nearestCampus !== 'string') return 0;
  const now = deps.now();
  const condition = escalationConditionOf(escalationFactsOf(first), targets);
  if (!condition) return 0;
  const steps = escalationTimeline(policy, first.threatLevel);
  const due = dueStepCount(policy, first.threatLevel, condition.startMs, now.getTime());
  const state = first.escalation as ReportEscalation | undefined;
  const same =
    state?.condition === condition.condition &&
    millisOf(state.startedAt) === condition.startMs &&
    state.open;
  const fired = same ? state.fired : 0;
  if (due <= fired) return 0;
  const step = due - 1; // only the latest due step is told: a missed run does not page three times
  const level = steps[step]!.level;
  const [recipients, campuses] = await Promise.all([
    recipientsFor(deps, level, first),
    currentCampuses(db, { knowing: first.nearestCampus }),
  ]);
  const key = `${incidentId}-${condition.condition}-${condition.startMs}-${step}`;
  const texts = await stepTexts(deps, recipients, key);

  const run = await runOnce(db, { trigger: 'escalation', eventId: key }, async (tx) => {
    const incident = (await tx.get(ref)).data();
    const again = incident ? escalationConditionOf(escalationFactsOf(incident), targets) : null;
    if (
      !incident ||
      again?.condition !== condition.condition ||
      again.startMs !== condition.startMs
    )
      return null;
    const waited = minutesBetween(condition.startMs, now.getTime());
    const told =
      recipients.length > 0 ? recipients.map((r) => r.name || r.uid).join(', ') : 'nobody';
    const repeat = step >= policy.steps.length ? ` (repeat ${step - policy.steps.length + 1})` : '';
    const title = 'Report escalated';
    const message = `${pagedReportLabel(incident, campuses)} is ${ESCALATION_CONDITION_TEXT[condition.condition]}: ${ESCALATION_LEVEL_LABELS[level]} told${repeat}.`;
    const previous = same ? state!.recipients : [];
    const escalation: ReportEscalation = {
      condition: condition.condition,
      startedAt: Timestamp.fromMillis(condition.startMs),
      fired: due,
      total: steps.length,
      level,
      lastAt: Timestamp.fromDate(now),
      recipients: [...new Set([...previous, ...recipients.map((r) => r.uid)])],
      open: true,
    };
    tx.update(ref, {
      escalation,
      ...(incident.escalatedAt ? {} : { escalatedAt: FieldValue.serverTimestamp() }),
    });
    addEntry(tx, timelineCollection(db, incidentId).doc(`escalated-${key}`), {
      kind: 'escalated',
      at: now,
      actor: null,
      detail: `Step ${step + 1} of ${steps.length}, ${ESCALATION_LEVEL_LABELS[level]}${repeat}: ${ESCALATION_CONDITION_TEXT[condition.condition]} for ${waited} min; told ${told}${textsNote(texts)}`,
    });
    for (const { ref: sms, to } of texts)
      queueSms(tx, sms, { to, text: escalationSms(message, deps.consoleUrl, incidentId) });
    for (const r of recipients) {
      tx.set(
        db
          .collection(COLLECTIONS.users)
          .doc(r.uid)
          .collection(COLLECTIONS.notifications)
          .doc(`escalation-${incidentId}`),
        {
          title,
          message,
          color: 'red',
          icon: 'priority_high',
          isRead: false,
          open: true,
          timestamp: FieldValue.serverTimestamp(),
          type: ESCALATION_NOTIFICATION_TYPE,
          type_id: incidentId,
        },
      );
    }
    return { title, message };
  });
  if (run.duplicate || !run.result) return 0;
  const { title, message } = run.result;
  await Promise.all(texts.map(({ ref: sms }) => deliverSms(sms, deps.sms)));
  for (const r of recipients) {
    await deps.push.send(
      { tokens: r.tokens, owner: db.collection(COLLECTIONS.users).doc(r.uid) },
      { title, body: message, type: ESCALATION_NOTIFICATION_TYPE, type_id: incidentId },
      `escalation-${key}-${r.uid}`,
    );
  }
  return 1;
}

/**
 * Every minute: each open report (Reported or Processing, not archived) filed before the
 * earliest a policy step can fire is checked against its campus's policy (issue 20 item 3), and
 * the step now due that was not told yet fires. Conditions start by the response targets as saved
 * now (read fresh each run). Reads open candidates only, oldest first, at most
 * MAX_PAGES × PAGE a run (index `isArchived`, `status`, `timestamp`). Returns the steps fired.
 */
export async function escalateOverdueReports(deps: EscalationDeps): Promise<number> {
  const now = deps.now();
  const targets = (await currentSettings(deps.db, { fresh: true })).responseTargets;
  const policies = new Map<string, EscalationPolicy>();
  const policyOf = async (campus: string) => {
    if (!policies.has(campus)) {
      const stored = (
        await deps.db.collection(COLLECTIONS.escalationPolicies).doc(campus).get()
      ).data();
      policies.set(campus, escalationPolicyOf(stored));
    }
    return policies.get(campus)!;
  };
  // No condition starts before the report is filed, and no step fires before its condition starts.
  const cutoff = Timestamp.fromMillis(now.getTime());
  const query = deps.db
    .collection(COLLECTIONS.incidentReports)
    .where('isArchived', '==', false)
    .where('status', 'in', ['Reported', 'Processing'])
    .where('timestamp', '<=', cutoff)
    .orderBy('timestamp', 'asc')
    .limit(PAGE);
  let fired = 0;
  let page = await query.get();
  for (let n = 0; n < MAX_PAGES; n += 1) {
    for (const doc of page.docs) {
      const data = doc.data();
      const condition = escalationConditionOf(escalationFactsOf(data), targets);
      if (!condition || condition.startMs > now.getTime()) continue;
      try {
        const policy = await policyOf(String(data.nearestCampus));
        fired += await escalateReport(deps, doc.id, policy, targets);
      } catch (error) {
        // One report's failure must not stop the others; the next run tries it again.
        logger.error('Escalation failed', { incidentId: doc.id, error });
      }
    }
    if (page.size < PAGE) break;
    page = await query.startAfter(page.docs[page.size - 1]!).get();
  }
  return fired;
}

/**
 * The report's escalation ends when its condition does (assigned, acknowledged, responded,
 * closed, archived, or a new assignment starts a new one): the state says so and each
 * recipient's notice stops being new. Returns whether it ended one.
 */
export async function endEscalationIfOver(
  db: Firestore,
  incidentId: string,
  after: DocumentData,
  at: Date,
): Promise<boolean> {
  const state = after.escalation as ReportEscalation | undefined;
  if (!state?.open) return false;
  // Fresh, like housekeeping: by a target cached from before a save, the escalation housekeeping
  // just started under the saved one would look over, and end at once.
  const { responseTargets } = await currentSettings(db, { fresh: true });
  const now = escalationConditionOf(escalationFactsOf(after), responseTargets);
  if (now?.condition === state.condition && now.startMs === millisOf(state.startedAt)) return false;
  const ref = db.collection(COLLECTIONS.incidentReports).doc(incidentId);
  return runTransaction(db, async (tx) => {
    const current = (await tx.get(ref)).data();
    const open = current?.escalation as ReportEscalation | undefined;
    if (!current || !open?.open || millisOf(open.startedAt) !== millisOf(state.startedAt))
      return false;
    const notices = open.recipients.map((uid) =>
      db
        .collection(COLLECTIONS.users)
        .doc(uid)
        .collection(COLLECTIONS.notifications)
        .doc(`escalation-${incidentId}`),
    );
    const existing = notices.length > 0 ? await tx.getAll(...notices) : [];
    tx.update(ref, { 'escalation.open': false, 'escalation.endedAt': Timestamp.fromDate(at) });
    for (const snap of existing)
      if (snap.exists) tx.update(snap.ref, { open: false, isRead: true });
    addEntry(tx, timelineCollection(db, incidentId).doc(`escalation-ended-${at.getTime()}`), {
      kind: 'escalated',
      at,
      actor: null,
      detail: `Escalation ended: no longer ${ESCALATION_CONDITION_TEXT[state.condition]}`,
    });
    return true;
  });
}
