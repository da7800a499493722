import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  COLLECTIONS,
  SAFETY_TIMER_REASONS,
  emergencyCampus,
  fullName,
  newEmergency,
  validGuardians,
  type EmergencyFromTimer,
  type EmergencyPoint,
} from '@campus-safety/model';
import { guardianMail, guardianSms, type GuardianFacts } from '../domain/guardian-message';
import { deliverMail, queueMail, type MailTransport } from '../platform/mail';
import { runOnce } from '../platform/run-once';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { millisOf } from '../platform/timestamps';
import { HOUR_MS, tryCountInWindow } from '../platform/windowed-count';
import { currentSettings } from './settings';
import { addEntry } from './timeline';

export interface SafetyTimerDeps {
  db: Firestore;
  mail: (MailTransport & { from: string }) | null;
  sms: SmsProvider | null;
  /** The person's Auth email and whether it is verified (an emergency carries both). */
  account: (uid: string) => Promise<{ email: string; emailVerified: boolean } | null>;
  now: () => Date;
  timeZone: string;
}

/** Running timers past due read per housekeeping run (the next run takes the rest). */
const DUE_PAGE = 100;

/**
 * Timers whose guardians one person may have told in an hour (`sender_quotas/{uid}`
 * `guardianAlerts`): a timer runs at least 5 minutes, so without it one account could send 60
 * SMS an hour to numbers it chose. Past it the emergency is still raised; the timeline says why
 * the guardians were not told.
 */
export const GUARDIAN_ALERTS_PER_HOUR = 3;

const timerRef = (db: Firestore, id: string) => db.collection(COLLECTIONS.safetyTimers).doc(id);

/** The emergency a timer raises when it runs out (a fixed id: one per timer). */
export const timerEmergencyId = (timerId: string) => `timer-${timerId}`;

function pointOf(location: unknown): EmergencyPoint<Timestamp> | null {
  const p = location as EmergencyPoint<Timestamp> | null | undefined;
  return p && typeof p.lat === 'number' && p.at instanceof Timestamp ? p : null;
}

/**
 * Raises the running timer `timerId` once: by expiry, a new emergency `timer-<id>` with its last
 * location and the reason; by SOS, the person's own emergency `sosId` is marked as from the
 * timer. The timer ends `expired`, and each guardian gets one mail or SMS (queued in the same
 * transaction, delivered after it). Once per timer whichever way comes first (runOnce on the
 * timer id); a timer that no longer runs, or (by expiry) is not yet due, raises nothing.
 */
async function raiseTimer(
  deps: SafetyTimerDeps,
  timerId: string,
  how: { by: 'expired' } | { by: 'sos'; sosId: string },
): Promise<boolean> {
  const { db } = deps;
  const first = (await timerRef(db, timerId).get()).data();
  if (!first || first.status !== 'running') return false;
  const uid = String(first.uid);
  const [settings, profileSnap, account] = await Promise.all([
    currentSettings(db),
    db.collection(COLLECTIONS.users).doc(uid).get(),
    deps.account(uid),
  ]);
  const profile = profileSnap.data();
  const person = (profile && fullName(profile)) || account?.email || 'Someone';
  const now = deps.now();
  const emergencyId = how.by === 'sos' ? how.sosId : timerEmergencyId(timerId);
  const emergencyRef = db.collection(COLLECTIONS.emergencies).doc(emergencyId);
  const outbox: { kind: 'phone' | 'email'; ref: FirebaseFirestore.DocumentReference }[] = [];

  const run = await runOnce(db, { trigger: 'safety-timer-raise', eventId: timerId }, async (tx) => {
    const timer = (await tx.get(timerRef(db, timerId))).data();
    if (!timer || timer.status !== 'running') return false;
    const dueMs = millisOf(timer.dueAt) ?? 0;
    if (how.by === 'expired' && dueMs > now.getTime()) return false;
    const guardians = validGuardians(timer.guardians);
    const quota =
      guardians.length > 0
        ? await tryCountInWindow(
            tx,
            db.collection(COLLECTIONS.senderQuotas).doc(uid),
            'guardianAlerts',
            { limit: GUARDIAN_ALERTS_PER_HOUR, windowMs: HOUR_MS, at: now },
          )
        : null;
    const told = quota && !('fullUntil' in quota) ? guardians : [];
    const location = pointOf(timer.location);
    const where = emergencyCampus(
      location && { latitude: location.lat, longitude: location.lng },
      profile?.campus,
      settings.campuses,
    );
    // Only before set-up names a campus; the failure is recorded and the step re-runs.
    if (!where) throw new Error('The institution has no active campus to raise the emergency on.');
    const fromTimer: EmergencyFromTimer<Timestamp> = {
      timerId,
      reason: SAFETY_TIMER_REASONS[how.by],
      destination: typeof timer.destination === 'string' ? timer.destination : null,
      dueAt: Timestamp.fromMillis(dueMs),
      guardians: told.length,
    };
    if (how.by === 'sos') tx.update(emergencyRef, { fromTimer });
    else
      tx.create(emergencyRef, {
        ...newEmergency(
          { uid, email: account?.email ?? '', emailVerified: account?.emailVerified ?? false },
          location,
          where,
          FieldValue.serverTimestamp(),
        ),
        fromTimer,
      });
    tx.update(timerRef(db, timerId), {
      status: 'expired',
      endedAt: FieldValue.serverTimestamp(),
      emergencyId,
      raisedBy: how.by,
    });
    const facts: GuardianFacts = {
      person,
      by: how.by,
      dueAt: new Date(dueMs),
      destination: fromTimer.destination,
      place: location && { ...location, at: location.at.toDate() },
      institution: settings.institution.name,
      campusSecurity: settings.institution.campusSecurity,
      timeZone: deps.timeZone,
    };
    told.forEach((guardian, i) => {
      const id = `safety-timer-${timerId}-${i}`;
      if (guardian.kind === 'email') {
        const ref = db.collection(COLLECTIONS.mailMessages).doc(id);
        queueMail(tx, ref, { to: guardian.address, ...guardianMail(facts) });
        outbox.push({ kind: 'email', ref });
      } else {
        const ref = db.collection(COLLECTIONS.smsMessages).doc(id);
        queueSms(tx, ref, { to: guardian.address, text: guardianSms(facts) });
        outbox.push({ kind: 'phone', ref });
      }
    });
    const byMail = told.filter((g) => g.kind === 'email').length;
    addEntry(tx, emergencyRef.collection(COLLECTIONS.timeline).doc('safety-timer'), {
      kind: 'paged',
      at: new Date(now.getTime() + 2),
      actor: null,
      detail:
        guardians.length === 0
          ? `${fromTimer.reason}: no guardians named`
          : told.length === 0
            ? `${fromTimer.reason}: guardians not told, ${GUARDIAN_ALERTS_PER_HOUR} timers already told guardians within the hour`
            : `${fromTimer.reason}: told ${told.length} guardian${told.length === 1 ? '' : 's'} (${byMail} by email, ${told.length - byMail} by SMS)`,
    });
    return true;
  });
  if (run.duplicate || !run.result) return false;
  // Each message once: a delivery that fails is recorded on its outbox doc and does not stop the others.
  const results = await Promise.allSettled(
    outbox.map((m) =>
      m.kind === 'email' ? deliverMail(m.ref, deps.mail) : deliverSms(m.ref, deps.sms),
    ),
  );
  for (const r of results)
    if (r.status === 'rejected')
      logger.error('Guardian message failed', { timerId, error: r.reason });
  return true;
}

/** Housekeeping's part: every running timer past `dueAt` raises (a page a run). Returns how many. */
export async function expireDueSafetyTimers(deps: SafetyTimerDeps): Promise<number> {
  const due = await deps.db
    .collection(COLLECTIONS.safetyTimers)
    .where('status', '==', 'running')
    .where('dueAt', '<=', Timestamp.fromDate(deps.now()))
    .orderBy('dueAt')
    .limit(DUE_PAGE)
    .get();
  let raised = 0;
  for (const doc of due.docs) {
    try {
      if (await raiseTimer(deps, doc.id, { by: 'expired' })) raised += 1;
    } catch (error) {
      // One timer's failure must not stop the others; the next run tries it again.
      logger.error('Safety timer expiry failed', { timerId: doc.id, error });
    }
  }
  return raised;
}

/**
 * An SOS (pageOnEmergency): when its person has a timer running, the timer ends as raised by
 * this emergency and its guardians are told. An emergency a timer raised itself is left alone.
 */
export async function raiseTimerOnSos(
  deps: SafetyTimerDeps,
  emergencyId: string,
  emergency: DocumentData,
): Promise<boolean> {
  if (emergency.fromTimer) return false;
  const current = await deps.db
    .collection(COLLECTIONS.safetyTimerCurrent)
    .doc(String(emergency.uid))
    .get();
  const timerId = current.get('timerId') as unknown;
  if (typeof timerId !== 'string') return false;
  return raiseTimer(deps, timerId, { by: 'sos', sosId: emergencyId });
}
