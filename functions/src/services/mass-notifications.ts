import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  AUDIENCE_FIELDS,
  COLLECTIONS,
  LIMITS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_PUSH_CALLS,
  MASS_NOTIFICATION_RECIPIENTS,
  MASS_NOTIFICATION_LIMITS,
  MASS_NOTIFICATION_READ_SHARDS,
  MASS_NOTIFICATION_READERS,
  MASS_NOTIFICATION_TYPE,
  SETTING_IDS,
  formatInZone,
  alertApprovalOf,
  audienceReach,
  freshLocationSince,
  isLocatedIn,
  locatedCampuses,
  reachesLocated,
  channelTexts,
  emptyReceipts,
  needsSecondApproval,
  reaches,
  senderRefusal,
  staffReadsIncident,
  type Audience,
  type CallableInput,
  type ChannelTexts,
  type MassNotificationChannel,
  type MassNotificationKind,
  type MassNotificationState,
  type Receipts,
  type SendMassNotificationResponse,
  type SendMassNotificationTestResponse,
} from '@campus-safety/model';
import { fail } from '../platform/errors';
import { deliverMail, queueMail, type MailTransport } from '../platform/mail';
import { runOnce } from '../platform/run-once';
import { deliverSms, queueSms, type SmsProvider } from '../platform/sms';
import { millisOf } from '../platform/timestamps';
import { HOUR_MS, countInWindow } from '../platform/windowed-count';
import type { Caller } from '../platform/caller';
import type { PushSender } from '../push/sender';
import { accountHandedOverBy } from './account-audit';
import { deviceTokensOf } from './user-refs';
import { currentSettings } from './settings';

export interface MassNotificationDeps {
  db: Firestore;
  push: PushSender;
  mail: (MailTransport & { from: string }) | null;
  sms: SmsProvider | null;
  /** The verified phone (the SMS second factor Firebase Auth holds) of each uid that has one. */
  phonesOf: (uids: string[]) => Promise<Map<string, string>>;
}

function alerts(db: Firestore) {
  return db.collection(COLLECTIONS.massNotifications);
}

/**
 * Counts one alert (`alerts`) or one test to oneself (`tests`) of `caller` into their hourly
 * window on `sender_quotas/{uid}`, in the transaction that records it (docs/mass-notifications.md
 * "Bounds"), or refuses naming when the next one is taken.
 */
function countSenderAction(
  tx: Transaction,
  db: Firestore,
  caller: Caller,
  action: 'alerts' | 'tests',
  at: Date,
  timeZone: string,
) {
  const limit =
    action === 'tests'
      ? LIMITS.massNotificationTestsPerSenderPerHour
      : LIMITS.massNotificationsPerSenderPerHour[caller.role === 'Admin' ? 'Admin' : 'IMT'];
  const what = action === 'tests' ? 'tests to yourself' : 'alerts';
  return countInWindow(tx, db.collection(COLLECTIONS.senderQuotas).doc(caller.uid), action, {
    limit,
    windowMs: HOUR_MS,
    at,
    refusal: (until) =>
      `You have sent ${limit} ${what} within an hour, the most allowed. ` +
      `You can send another at ${formatInZone(until, timeZone, 'HH:mm')}.`,
  });
}

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
 * setting asks for one. Admins send anywhere, an IMT to their own campus only.
 */
export async function sendMassNotification(
  db: Firestore,
  input: CallableInput<'sendMassNotification'>,
  caller: Caller,
  timeZone: string,
  now: Date = new Date(),
): Promise<SendMassNotificationResponse> {
  const audience: Audience = input.audience;
  const refusal = senderRefusal(caller, audience);
  if (refusal) fail('permission-denied', refusal);
  if (input.followsUp) {
    const earlier = await alerts(db).doc(input.followsUp).get();
    if (!earlier.exists) fail('not-found', 'The earlier alert this one follows up does not exist.');
    if (senderRefusal(caller, earlier.get('audience') as Audience))
      fail('permission-denied', 'You cannot follow up an alert outside your campus.');
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
      audience,
      reach: audienceReach(audience),
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

/** Users, and shared locations, read per page while planning (only the fields it needs). */
const PLAN_SCAN_PAGE = 1000;

function batchId(index: number): string {
  return `b${String(index).padStart(5, '0')}`;
}

/** The server-only doc of a page that names its people (the page itself keeps counts only). */
function recipientsOf(page: DocumentReference) {
  return page.collection(MASS_NOTIFICATION_RECIPIENTS).doc('list');
}

/**
 * The uids of the people whose fresh shared location (docs/locations.md) lies inside the
 * audience's campus areas: the locations shared since `freshLocationSince(now)`, read by `at`
 * (its single-field index) a page at a time, only the coordinates. Nothing else reads them.
 */
export async function locatedUids(
  db: Firestore,
  audience: Audience,
  now: Date,
): Promise<Set<string>> {
  const found = new Set<string>();
  const { campusAreas } = await currentSettings(db);
  const fresh = db
    .collection(COLLECTIONS.lastLocations)
    .where('at', '>=', Timestamp.fromDate(freshLocationSince(now)))
    .orderBy('at')
    .select('latitude', 'longitude');
  let after: DocumentSnapshot | null = null;
  for (;;) {
    const page = await (after ? fresh.startAfter(after) : fresh).limit(PLAN_SCAN_PAGE).get();
    for (const doc of page.docs) {
      const point = { latitude: doc.get('latitude'), longitude: doc.get('longitude') };
      if (
        typeof point.latitude === 'number' &&
        typeof point.longitude === 'number' &&
        isLocatedIn(point, locatedCampuses(audience), campusAreas)
      )
        found.add(doc.id);
    }
    if (page.size < PLAN_SCAN_PAGE) return found;
    after = page.docs[page.size - 1]!;
  }
}

/**
 * The fan-out's plan: the audience, found by uid from the users docs in uid order (the campus
 * members, the people located inside the areas, or both: each person once), cut into pages of
 * MASS_NOTIFICATION_LIMITS.batchSize people, one `batches/{n}` doc each (its creation runs
 * deliverMassNotificationBatch) with its people in a server-only `recipients/list`: what staff
 * read of an alert is counts, never who. A retried plan resumes after the last page it created,
 * so nobody lands in two pages; the alert becomes `sent` (issued) with the counts once every
 * page exists.
 */
export async function planMassNotification(
  db: Firestore,
  alertId: string,
  now: Date = new Date(),
): Promise<'planned' | 'none'> {
  const alertRef = alerts(db).doc(alertId);
  const alert = (await alertRef.get()).data();
  if (!alert || alert.state !== 'sending' || alert.plan) return 'none';
  const audience = alert.audience as Audience;
  const located = reachesLocated(audience)
    ? await locatedUids(db, audience, now)
    : new Set<string>();
  const batches = alertRef.collection(MASS_NOTIFICATION_BATCHES);
  const existing = await batches.orderBy(FieldPath.documentId()).select('people').get();
  let index = existing.size;
  let people = existing.docs.reduce((sum, d) => sum + Number(d.get('people')), 0);
  let cursor: string | null =
    index > 0
      ? String((await recipientsOf(existing.docs[index - 1]!.ref).get()).get('lastUid'))
      : null;
  const users = db
    .collection(COLLECTIONS.users)
    .orderBy(FieldPath.documentId())
    .select(...AUDIENCE_FIELDS);
  let pending: string[] = [];
  for (;;) {
    const page = await (cursor === null ? users : users.startAfter(cursor))
      .limit(PLAN_SCAN_PAGE)
      .get();
    for (const doc of page.docs)
      if (reaches(audience, doc.data(), located.has(doc.id))) pending.push(doc.id);
    const last = page.size < PLAN_SCAN_PAGE;
    const write = db.batch();
    let created = 0;
    while (pending.length >= MASS_NOTIFICATION_LIMITS.batchSize || (last && pending.length > 0)) {
      const uids = pending.slice(0, MASS_NOTIFICATION_LIMITS.batchSize);
      pending = pending.slice(uids.length);
      const pageRef = batches.doc(batchId(index));
      write.create(recipientsOf(pageRef), { uids, lastUid: uids[uids.length - 1] });
      write.create(pageRef, {
        index,
        people: uids.length,
        state: 'pending',
        createdAt: FieldValue.serverTimestamp(),
      });
      index += 1;
      people += uids.length;
      created += 1;
    }
    if (created > 0) await write.commit();
    if (last) break;
    // Resume after the last person put in a page: the rest of this page is scanned again.
    // The people not yet in a page carry over: the next page continues the same uid order.
    cursor = page.docs[page.size - 1]!.id;
  }
  await db.runTransaction(async (tx) => {
    const fresh = await tx.get(alertRef);
    if (fresh.get('plan')) return;
    tx.update(alertRef, { plan: { batches: index, people }, state: 'sent' });
  });
  return 'planned';
}

/** A shard of the read counter, chosen by the reader's uid so one person always hits one shard. */
export function readShardOf(uid: string): string {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `s${hash % MASS_NOTIFICATION_LIMITS.readShards}`;
}

/** The in-app notification of an alert (the same id per person, so nobody gets it twice). */
function inAppNotification(
  texts: ChannelTexts,
  alertId: string | null,
  kind: MassNotificationKind,
) {
  return {
    title: texts.inApp.title,
    message: texts.inApp.message,
    color: kind === 'general' ? 'blue' : 'red',
    icon: 'campaign',
    isRead: false,
    timestamp: FieldValue.serverTimestamp(),
    type: MASS_NOTIFICATION_TYPE,
    ...(alertId ? { type_id: alertId, alertId } : { test: true }),
  };
}

function pushPayload(texts: ChannelTexts, alertId: string) {
  return {
    title: texts.push.title,
    body: texts.push.body,
    type: MASS_NOTIFICATION_TYPE,
    type_id: alertId,
  };
}

/**
 * One page of the fan-out, exactly once: the first run writes every person's in-app
 * notification and queues their mail, SMS and push calls in one transaction with its run-once
 * marker (a retry writes nothing again). Then every run drains what is still queued, each
 * message once (their outboxes), so a run that died after the transaction loses nothing, and the
 * page's receipts are written: people targeted, sent, failed and skipped per channel. A failed
 * mail or push is retried with the event; the counts are rewritten then.
 */
export async function deliverMassNotificationBatch(
  deps: MassNotificationDeps,
  alertId: string,
  batchRef: DocumentReference,
): Promise<'delivered' | 'none'> {
  const { db } = deps;
  const [alertSnap, batchSnap, listSnap] = await Promise.all([
    alerts(db).doc(alertId).get(),
    batchRef.get(),
    recipientsOf(batchRef).get(),
  ]);
  const alert = alertSnap.data();
  const batch = batchSnap.data();
  if (!alert || !batch || !listSnap.exists || batch.state === 'delivered') return 'none';
  const audience = alert.audience as Audience;
  const channels = new Set(alert.channels as MassNotificationChannel[]);
  const texts = channelTexts({ kind: alert.kind, title: alert.title, body: alert.body });
  const uids = listSnap.get('uids') as string[];
  const users = db.collection(COLLECTIONS.users);
  const snaps = await db.getAll(...uids.map((uid) => users.doc(uid)));
  // Checked again at delivery: an account archived or unverified since the plan gets nothing.
  // Who was located inside the area was settled by the plan (a location is not read twice).
  const recipients = snaps
    .filter((s) => reaches(audience, s.data() ?? {}, reachesLocated(audience)))
    .map((s) => ({ uid: s.id, profile: s.data() as DocumentData }));
  const phones = channels.has('sms')
    ? await deps.phonesOf(recipients.map((r) => r.uid))
    : new Map<string, string>();
  const mailRef = (uid: string) =>
    db.collection(COLLECTIONS.mailMessages).doc(`mass-${alertId}-${uid}`);
  const smsRef = (uid: string) =>
    db.collection(COLLECTIONS.smsMessages).doc(`mass-${alertId}-${uid}`);
  const mailable = recipients.filter((r) => typeof r.profile.email === 'string' && r.profile.email);
  const textable = recipients.filter((r) => phones.has(r.uid));

  const tokensByUid = new Map(recipients.map((r) => [r.uid, deviceTokensOf(r.profile)]));
  const withDevice = channels.has('push')
    ? recipients.filter((r) => tokensByUid.get(r.uid)!.length > 0)
    : [];
  const pushCalls = batchRef.collection(MASS_NOTIFICATION_PUSH_CALLS);

  await runOnce(
    db,
    { trigger: 'deliver-mass-notification-batch', eventId: batchRef.path },
    async (tx) => {
      for (const { uid } of recipients) {
        if (channels.has('inApp')) {
          tx.create(
            users.doc(uid).collection(COLLECTIONS.notifications).doc(`mass-${alertId}`),
            inAppNotification(texts, alertId, alert.kind),
          );
        }
      }
      if (channels.has('email')) {
        for (const { uid, profile } of mailable) {
          queueMail(tx, mailRef(uid), {
            to: String(profile.email),
            subject: texts.email.subject,
            text: texts.email.text,
          });
        }
      }
      if (channels.has('sms')) {
        for (const { uid } of textable)
          queueSms(tx, smsRef(uid), { to: phones.get(uid)!, text: texts.sms.text });
      }
      // The page's push calls, queued with the rest: whichever run gets here first or later
      // drains them, so a run that dies after this transaction leaves them for the retry.
      for (const [k, people] of pushCallsOf(
        withDevice.map((r) => r.uid),
        tokensByUid,
      ).entries())
        tx.create(pushCalls.doc(pushCallId(k)), {
          ...people,
          state: 'pending' satisfies PushCallState,
        });
      tx.update(batchRef, { state: 'written' });
    },
  );

  const receipts: Receipts = emptyReceipts();
  const n = recipients.length;
  if (channels.has('inApp')) receipts.inApp = { targeted: n, sent: n, failed: 0, skipped: 0 };

  if (channels.has('push')) {
    receipts.push = { targeted: n, sent: 0, failed: 0, skipped: n - withDevice.length };
    const calls = await pushCalls.orderBy(FieldPath.documentId()).get();
    for (const call of calls.docs) {
      const done = await deliverPushCall(call.ref, (tokens) =>
        deps.push.send(
          // The record of a push to people found by location keeps how many devices, not which.
          { tokens, confidential: reachesLocated(audience) },
          pushPayload(texts, alertId),
          `mass-${alertId}-${batchRef.id}-${call.id}`,
        ),
      );
      receipts.push.sent += done.uids.length - done.failedUids.length;
      receipts.push.failed += done.failedUids.length;
    }
  }

  let mailError: unknown = null;
  if (channels.has('email')) {
    const results = await inChunks(mailable, (r) => deliverMail(mailRef(r.uid), deps.mail));
    receipts.email = { targeted: n, sent: 0, failed: 0, skipped: n - mailable.length };
    for (const result of results) {
      if (result.status === 'rejected') {
        receipts.email.failed += 1;
        mailError ??= result.reason;
      } else if (result.value === 'sent') receipts.email.sent += 1;
      else receipts.email.skipped += 1;
    }
  }
  if (channels.has('sms')) {
    const results = await inChunks(textable, (r) => deliverSms(smsRef(r.uid), deps.sms));
    receipts.sms = { targeted: n, sent: 0, failed: 0, skipped: n - textable.length };
    for (const result of results) {
      const state = result.status === 'fulfilled' ? result.value : 'failed';
      if (state === 'sent') receipts.sms.sent += 1;
      else if (state === 'failed') receipts.sms.failed += 1;
      else receipts.sms.skipped += 1;
    }
  }
  await batchRef.update({
    receipts,
    state: mailError ? 'written' : 'delivered',
    deliveredAt: FieldValue.serverTimestamp(),
  });
  if (mailError) throw mailError;
  return 'delivered';
}

/** A queued push call of a page: `pending` until a run claims it (`sending`), `sent` after. */
type PushCallState = 'pending' | 'sending' | 'sent';

/** How long a run's claim on a push call holds: a run that died mid-send is retried after it. */
export const PUSH_CALL_LEASE_MS = 60_000;

function pushCallId(index: number): string {
  return `c${String(index).padStart(2, '0')}`;
}

/** Thrown while another run holds a push call's claim: the platform retries the page later. */
export class PushCallBusyError extends Error {}

/**
 * The push calls of a page (tokenCalls' cut): each call's people, in order, with how many of its
 * tokens each holds (a person's devices are a run of the call's tokens).
 */
export function pushCallsOf(uids: string[], tokensByUid: Map<string, string[]>) {
  const calls: { uids: string[]; tokenCounts: number[]; tokens: string[] }[] = [];
  let next = 0;
  for (const tokens of tokenCalls(uids.map((uid) => tokensByUid.get(uid)!))) {
    const call = { uids: [] as string[], tokenCounts: [] as number[], tokens };
    for (let counted = 0; counted < tokens.length;) {
      const uid = uids[next++]!;
      const held = tokensByUid.get(uid)!.length;
      call.uids.push(uid);
      call.tokenCounts.push(held);
      counted += held;
    }
    calls.push(call);
  }
  return calls;
}

/** The people of a push call whose every device refused it (one device taking it is a person sent). */
export function refusedEverywhere(
  call: { uids: string[]; tokens: string[]; tokenCounts: number[] },
  failed: ReadonlySet<string>,
): string[] {
  const refused: string[] = [];
  let at = 0;
  call.uids.forEach((uid, i) => {
    const own = call.tokens.slice(at, at + call.tokenCounts[i]!);
    at += call.tokenCounts[i]!;
    if (own.every((t) => failed.has(t))) refused.push(uid);
  });
  return refused;
}

/**
 * Sends one queued push call once (the outbox pattern of platform/mail.ts): a transaction claims
 * it (`sending`, for PUSH_CALL_LEASE_MS), the push goes, then `sent` with the people whose every
 * device refused it. A call already sent is only read back; a send that throws releases the claim
 * and rethrows, so the retry sends it. Its push_messages record id is fixed, so the one case
 * left, a run dying between the send and `sent`, rewrites its record after the lease.
 */
async function deliverPushCall(
  ref: DocumentReference,
  send: (tokens: string[]) => ReturnType<PushSender['send']>,
  now: () => number = Date.now,
): Promise<{ uids: string[]; failedUids: string[] }> {
  const claimed = await ref.firestore.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data()!;
    if (data.state === 'sent') return { data, send: false };
    const claimedAt = data.claimedAt as unknown;
    if (
      data.state === 'sending' &&
      claimedAt instanceof Timestamp &&
      now() - claimedAt.toMillis() < PUSH_CALL_LEASE_MS
    )
      throw new PushCallBusyError(`Push ${ref.path} is being sent by another run`);
    tx.update(ref, { state: 'sending', claimedAt: Timestamp.fromMillis(now()) });
    return { data, send: true };
  });
  const uids = claimed.data.uids as string[];
  if (!claimed.send) return { uids, failedUids: claimed.data.failedUids as string[] };
  const tokens = claimed.data.tokens as string[];
  let failed: Set<string>;
  try {
    failed = new Set((await send(tokens)).failedTokens);
  } catch (error) {
    await ref.update({ state: 'pending' satisfies PushCallState, claimedAt: FieldValue.delete() });
    throw error;
  }
  const failedUids = refusedEverywhere(
    { uids, tokens, tokenCounts: claimed.data.tokenCounts as number[] },
    failed,
  );
  await ref.update({
    state: 'sent' satisfies PushCallState,
    failedUids,
    sentAt: FieldValue.serverTimestamp(),
  });
  return { uids, failedUids };
}

/** FCM takes at most this many tokens in one multicast call. */
const FCM_TOKENS_PER_CALL = 500;

/** The tokens of a page's people, cut into calls FCM accepts (a person's devices stay together). */
export function tokenCalls(tokensPerPerson: string[][]): string[][] {
  const calls: string[][] = [];
  let current: string[] = [];
  for (const tokens of tokensPerPerson) {
    if (current.length + tokens.length > FCM_TOKENS_PER_CALL) {
      calls.push(current);
      current = [];
    }
    current.push(...tokens);
  }
  if (current.length > 0) calls.push(current);
  return calls;
}

/** Runs `work` over `items` a few at a time (20 at once: a relay takes that many connections). */
async function inChunks<T, R>(items: T[], work: (item: T) => Promise<R>, size = 20) {
  const results: PromiseSettledResult<R>[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.allSettled(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * A person opened an alert's in-app notification: its read counter counts each person once
 * (toggling "read" off and on again counts nothing more: the person's server-only marker
 * `readers/{uid}` only counts how often they `opened` it). Marker and increment are written in
 * one transaction, the count on a shard (so 50,000 people reading at once never write one
 * document more than once a second). True when this read counted a new reader.
 */
export async function countMassNotificationRead(
  db: Firestore,
  event: { uid: string; before: DocumentData; after: DocumentData },
): Promise<boolean> {
  const { before, after } = event;
  if (after.type !== MASS_NOTIFICATION_TYPE || typeof after.alertId !== 'string') return false;
  if (before.isRead === true || after.isRead !== true) return false;
  const alert = alerts(db).doc(after.alertId);
  const reader = alert.collection(MASS_NOTIFICATION_READERS).doc(event.uid);
  const shard = alert.collection(MASS_NOTIFICATION_READ_SHARDS).doc(readShardOf(event.uid));
  return db.runTransaction(async (tx) => {
    if ((await tx.get(reader)).exists) {
      tx.update(reader, { opened: FieldValue.increment(1) });
      return false;
    }
    tx.create(reader, { at: FieldValue.serverTimestamp(), opened: 1 });
    tx.set(shard, { count: FieldValue.increment(1) }, { merge: true });
    return true;
  });
}

/**
 * "Send a test to myself": the alert's texts, marked test, to the caller alone by the chosen
 * channels; no alert is recorded. Counted per sender (LIMITS.massNotificationTestsPerSenderPerHour)
 * in the transaction that queues its mail and text.
 */
export async function sendMassNotificationTest(
  deps: MassNotificationDeps,
  input: CallableInput<'sendMassNotificationTest'>,
  caller: Caller,
  timeZone: string,
  now: Date = new Date(),
): Promise<SendMassNotificationTestResponse> {
  const { db } = deps;
  const texts = channelTexts({ ...input, test: true });
  const userRef = db.collection(COLLECTIONS.users).doc(caller.uid);
  const profile = (await userRef.get()).data() ?? {};
  const channels = new Set(input.channels);
  const phone = channels.has('sms')
    ? (await deps.phonesOf([caller.uid])).get(caller.uid)
    : undefined;
  const testId = `mass-test-${db.collection(COLLECTIONS.massNotifications).doc().id}`;
  const mailRef = db.collection(COLLECTIONS.mailMessages).doc(testId);
  const smsRef = db.collection(COLLECTIONS.smsMessages).doc(testId);
  const email = typeof profile.email === 'string' ? profile.email : null;
  await db.runTransaction(async (tx) => {
    await countSenderAction(tx, db, caller, 'tests', now, timeZone);
    if (channels.has('inApp'))
      tx.create(
        userRef.collection(COLLECTIONS.notifications).doc(testId),
        inAppNotification(texts, null, input.kind),
      );
    if (channels.has('email') && email) queueMail(tx, mailRef, { to: email, ...texts.email });
    if (channels.has('sms') && phone) queueSms(tx, smsRef, { to: phone, text: texts.sms.text });
  });
  const sent: MassNotificationChannel[] = [];
  if (channels.has('inApp')) sent.push('inApp');
  const tokens = deviceTokensOf(profile);
  if (channels.has('push') && tokens.length > 0) {
    const outcome = await deps.push.send(
      { tokens, owner: userRef },
      { ...pushPayload(texts, testId) },
      testId,
    );
    if (outcome.sent > 0) sent.push('push');
  }
  if (channels.has('email') && email && (await deliverMail(mailRef, deps.mail)) === 'sent')
    sent.push('email');
  if (channels.has('sms') && phone && (await deliverSms(smsRef, deps.sms)) === 'sent')
    sent.push('sms');
  return { sent, skipped: input.channels.filter((c) => !sent.includes(c)) };
}
