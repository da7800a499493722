/**
 * An alert waits for a second Admin (docs/mass-notifications.md#approval): every Admin who may
 * approve it is told by mail at once, so an Emergency Notification does not sit unseen.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, type Audience } from '@campus-safety/model';
import { approvalRequestMail } from '../../domain/approval-mail';
import { eventDocId } from '../../domain/event-ids';
import { deliverMail, queueMail, type MailTransport } from '../../platform/mail';
import { runOnce } from '../../platform/run-once';
import { accountHandedOverBy } from '../account-audit';
import { currentCampuses } from '../settings';
import { alerts } from './refs';

export interface ApprovalRequestDeps {
  db: Firestore;
  mail: (MailTransport & { from: string }) | null;
  /** Whether the Auth account of `uid` has verified its email (the truth, not a mirror). */
  emailVerified: (uid: string) => Promise<boolean>;
  consoleUrl: string;
}

/**
 * The Admins who may approve: live, with a verified email, not the author and not an account
 * the author created, invited or made staff (the rule approveMassNotification enforces).
 */
async function approversOf(deps: ApprovalRequestDeps, authorUid: string) {
  const admins = await deps.db
    .collection(COLLECTIONS.users)
    .where('role', '==', 'Admin')
    .select('email', 'firstName', 'lastName', 'isArchived')
    .get();
  const approvers = [];
  for (const admin of admins.docs) {
    if (admin.id === authorUid || admin.get('isArchived') === true) continue;
    if (typeof admin.get('email') !== 'string') continue;
    if (!(await deps.emailVerified(admin.id))) continue;
    if (await accountHandedOverBy(deps.db, admin.id, authorUid)) continue;
    approvers.push({ uid: admin.id, email: String(admin.get('email')) });
  }
  return approvers;
}

/** Returns how many Admins were asked (0 when the alert no longer waits, or on a rerun). */
export async function askForApproval(
  deps: ApprovalRequestDeps,
  eventId: string,
  alertId: string,
): Promise<number> {
  const alert = (await alerts(deps.db).doc(alertId).get()).data();
  if (!alert || alert.state !== 'awaitingApproval') return 0;
  const author = alert.author as { uid: string; name?: string };
  const approvers = await approversOf(deps, author.uid);
  const mail = approvalRequestMail({
    alertId,
    kind: alert.kind,
    title: String(alert.title),
    body: String(alert.body),
    audience: alert.audience as Audience,
    campuses: await currentCampuses(deps.db),
    channels: alert.channels,
    author: author.name || 'An Admin',
    consoleUrl: deps.consoleUrl,
  });
  const refs = approvers.map((a) =>
    deps.db.collection(COLLECTIONS.mailMessages).doc(eventDocId(eventId, `approval-${a.uid}`)),
  );
  const run = await runOnce(deps.db, { trigger: 'ask-for-approval', eventId }, async (tx) => {
    approvers.forEach((a, k) => queueMail(tx, refs[k]!, { to: a.email, ...mail }));
    return approvers.length;
  });
  // A rerun delivers what an earlier run queued and could not send.
  const results = await Promise.allSettled(refs.map((ref) => deliverMail(ref, deps.mail)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return run.duplicate ? 0 : run.result;
}
