import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  COLLECTIONS,
  ESCALATION_NOTIFICATION_TYPE,
  RESPONSE_TARGETS,
  TARGET_LEVELS,
  fullName,
  isEscalationDue,
  minutesBetween,
  responseTargetFor,
} from '@campus-safety/model';
import type { PushSender } from '../push/sender';
import { runOnce } from '../platform/run-once';
import { addEntry, timelineCollection } from './timeline';
import { deviceTokensOf } from './user-refs';

export interface EscalationDeps {
  db: Firestore;
  push: PushSender;
  now: () => Date;
}

/** Overdue reports read per page, and pages per run: a run reads at most 1,000 reports. */
const PAGE = 200;
const MAX_PAGES = 5;

/** The shortest assignment target: no report filed since (now − this) can be overdue. */
const SHORTEST_ASSIGN_TARGET_MINUTES = Math.min(
  ...TARGET_LEVELS.map((level) => RESPONSE_TARGETS[level].assignWithinMinutes),
);

interface Recipient {
  uid: string;
  name: string;
  tokens: string[];
}

/**
 * Who is told about an escalation on `campus`: its designated lead (`campus_leads/{campus}`,
 * while that account is still a live IMT of the campus) and every live Admin.
 */
async function recipientsFor(db: Firestore, campus: string): Promise<Recipient[]> {
  const users = db.collection(COLLECTIONS.users);
  const lead = (await db.collection(COLLECTIONS.campusLeads).doc(campus).get()).data();
  const [leadProfile, admins] = await Promise.all([
    typeof lead?.uid === 'string' ? users.doc(lead.uid).get() : null,
    users.where('role', '==', 'Admin').where('isArchived', '==', false).get(),
  ]);
  const found = new Map<string, Recipient>();
  const add = (uid: string, data: FirebaseFirestore.DocumentData) => {
    found.set(uid, { uid, name: fullName(data), tokens: deviceTokensOf(data) });
  };
  const leadData = leadProfile?.data();
  if (leadData && leadData.role === 'IMT' && leadData.campus === campus && !leadData.isArchived)
    add(leadProfile!.id, leadData);
  for (const admin of admins.docs) add(admin.id, admin.data());
  return [...found.values()];
}

/**
 * Escalates one report, once (runOnce keyed by the report; `escalatedAt` keeps it so after the
 * marker expires): re-checks in the transaction that it is still unassigned and not escalated,
 * marks it, records the escalation in its timeline, and leaves a console notification for each
 * recipient; pushes follow the run that wrote them. Returns whether it escalated.
 */
async function escalate(deps: EscalationDeps, incidentId: string): Promise<boolean> {
  const { db } = deps;
  const ref = db.collection(COLLECTIONS.incidentReports).doc(incidentId);
  const first = (await ref.get()).data();
  if (!first || typeof first.nearestCampus !== 'string') return false;
  const recipients = await recipientsFor(db, first.nearestCampus);
  const now = deps.now();

  const run = await runOnce(db, { trigger: 'escalation', eventId: incidentId }, async (tx) => {
    const incident = (await tx.get(ref)).data();
    const reported = incident?.timestamp;
    if (
      !incident ||
      incident.status !== 'Reported' ||
      incident.isArchived !== false ||
      incident.escalatedAt ||
      !(reported instanceof Timestamp) ||
      !isEscalationDue(reported.toMillis(), incident.threatLevel, now.getTime())
    )
      return null;
    const target = responseTargetFor(incident.threatLevel).assignWithinMinutes;
    const waited = minutesBetween(reported.toMillis(), now.getTime());
    const told =
      recipients.length > 0 ? recipients.map((r) => r.name || r.uid).join(', ') : 'nobody';
    const title = 'Report escalated';
    const message = `${String(incident.incidentType)} at ${incident.nearestCampus} has waited ${waited} min unassigned (target ${target} min).`;
    tx.update(ref, { escalatedAt: FieldValue.serverTimestamp() });
    addEntry(tx, timelineCollection(db, incidentId).doc('escalated'), {
      kind: 'escalated',
      at: now,
      actor: null,
      detail: `Unassigned for ${waited} min, past the ${target}-minute target; told ${told}`,
    });
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
          timestamp: FieldValue.serverTimestamp(),
          type: ESCALATION_NOTIFICATION_TYPE,
          type_id: incidentId,
        },
      );
    }
    return { title, message };
  });
  if (run.duplicate || !run.result) return false;
  const { title, message } = run.result;
  for (const r of recipients) {
    await deps.push.send(
      { tokens: r.tokens, owner: db.collection(COLLECTIONS.users).doc(r.uid) },
      { title, body: message, type: ESCALATION_NOTIFICATION_TYPE, type_id: incidentId },
      `escalation-${incidentId}-${r.uid}`,
    );
  }
  return true;
}

/**
 * Every minute: escalate the reports still unassigned past the assignment target of their threat
 * level (issue 11 item 3). Reads what may be due, oldest first: reports filed before the shortest
 * target and not escalated (`escalatedAt == null`, the mark a new report gets), so neither a flood
 * of newer reports nor the escalated ones still waiting can push an overdue report out of the
 * MAX_PAGES × PAGE a run reads (issue 17 item 5). A report of a level with a longer target read
 * before it is due stays for a later run. Returns how many it escalated.
 */
export async function escalateOverdueReports(deps: EscalationDeps): Promise<number> {
  const now = deps.now();
  const cutoff = Timestamp.fromMillis(now.getTime() - SHORTEST_ASSIGN_TARGET_MINUTES * 60_000);
  const query = deps.db
    .collection(COLLECTIONS.incidentReports)
    .where('status', '==', 'Reported')
    .where('isArchived', '==', false)
    .where('escalatedAt', '==', null)
    .where('timestamp', '<=', cutoff)
    .orderBy('timestamp', 'asc')
    .limit(PAGE);
  let escalated = 0;
  let page = await query.get();
  for (let n = 0; n < MAX_PAGES; n += 1) {
    for (const doc of page.docs) {
      const reported = doc.get('timestamp') as unknown;
      if (!(reported instanceof Timestamp)) continue;
      if (!isEscalationDue(reported.toMillis(), doc.get('threatLevel'), now.getTime())) continue;
      try {
        if (await escalate(deps, doc.id)) escalated += 1;
      } catch (error) {
        // One report's failure must not stop the others; the next run tries it again.
        logger.error('Escalation failed', { incidentId: doc.id, error });
      }
    }
    if (page.size < PAGE) break;
    page = await query.startAfter(page.docs[page.size - 1]!).get();
  }
  return escalated;
}
