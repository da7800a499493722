import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import { defineInt, defineString } from 'firebase-functions/params';
import { createTransport } from 'nodemailer';

/**
 * Where mail goes: an SMTP server set by params (functions/.env.local points the emulator at the
 * local mail catcher; a deployment sets its relay). An empty host means mail is off: messages are
 * recorded as `skipped`, never lost silently.
 */
const smtpHost = defineString('MAIL_SMTP_HOST', {
  default: '',
  description: 'SMTP host the functions send mail through (empty: mail off).',
});
const smtpPort = defineInt('MAIL_SMTP_PORT', {
  default: 587,
  description: 'SMTP port (587 submission with STARTTLS, 465 implicit TLS).',
});
const mailFrom = defineString('MAIL_FROM', {
  default: 'Campus Safety <no-reply@campus-safety.invalid>',
  description: "From address of the mail the functions send (shown by the institution's name).",
});

/** One message as the outbox keeps it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  name: string;
  send(mail: OutgoingMail & { from: string; messageId: string }): Promise<void>;
}

/**
 * `from` (MAIL_FROM) sent in the name of `name`, the institution's: people see who writes to
 * them, while the address stays the one the relay is set up for.
 */
export function sentAs(from: string, name: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return `"${name.replace(/["\\]/g, '')}" <${address}>`;
}

/**
 * The SMTP transport the params describe, or null when mail is off; with `senderName` (the
 * institution's name) as the display name of its From.
 */
export function smtpTransport(senderName?: string): (MailTransport & { from: string }) | null {
  const host = smtpHost.value();
  if (!host) return null;
  const from = senderName ? sentAs(mailFrom.value(), senderName) : mailFrom.value();
  return smtpTransportTo({ host, port: smtpPort.value(), from });
}

/** One pool of SMTP connections per relay and instance, kept between invocations. */
const pools = new Map<string, ReturnType<typeof createTransport>>();

/**
 * The instance's pooled transporter to `host:port`: a page's mails reuse open connections
 * instead of opening one each (issue 31 item 4); at most 20 at once, as many as a page sends
 * side by side (services/mass-notifications/drain.ts).
 */
function pooledTransporter(host: string, port: number) {
  const key = `${host}:${port}`;
  let transporter = pools.get(key);
  if (!transporter) {
    transporter = createTransport({
      pool: true,
      maxConnections: 20,
      maxMessages: Infinity,
      host,
      port,
      secure: port === 465,
      // A relay that offers STARTTLS is used with it; a local catcher offers none.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    pools.set(key, transporter);
  }
  return transporter;
}

/** An SMTP transport to `host:port` sending as `from`. */
export function smtpTransportTo({
  host,
  port,
  from,
}: {
  host: string;
  port: number;
  from: string;
}): MailTransport & { from: string } {
  const transporter = pooledTransporter(host, port);
  return {
    name: 'smtp',
    from,
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
      });
    },
  };
}

/** Outbox states: `sending` is a claim (MAIL_LEASE_MS), so two runs of one event never both send. */
export type MailState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** How long a claim holds: a run that died mid-send is retried after it. */
export const MAIL_LEASE_MS = 60_000;
const ERROR_MAX = 500;

/** Queues a message in the caller's transaction (the outbox doc's id is derived from the event). */
export function queueMail(tx: Transaction, ref: DocumentReference, mail: OutgoingMail) {
  tx.create(ref, {
    ...mail,
    state: 'pending' satisfies MailState,
    attempts: 0,
    createdAt: FieldValue.serverTimestamp(),
  });
}

/** Thrown while another run holds the claim: the platform retries the event later. */
export class MailBusyError extends Error {}

/**
 * Sends one queued message exactly once as far as the outbox can tell: a transaction claims it
 * (`sending`), the send follows, then `sent`. A failed send is recorded (`failed`, the error,
 * attempts) and rethrown, so the trigger's retry sends it again; a `sent` or `skipped` message is
 * never sent again. Its Message-ID is derived from the outbox id, so the one case left, a run
 * dying between the send and the record, is a duplicate a mail client recognises.
 */
export async function deliverMail(
  ref: DocumentReference,
  transport: (MailTransport & { from: string }) | null,
  now: () => number = Date.now,
): Promise<MailState> {
  const db = ref.firestore;
  const claimed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const state = snap.get('state') as MailState;
    if (state === 'sent' || state === 'skipped') return { state, mail: null };
    const claimedAt = snap.get('claimedAt') as unknown;
    if (
      state === 'sending' &&
      claimedAt instanceof Timestamp &&
      now() - claimedAt.toMillis() < MAIL_LEASE_MS
    )
      throw new MailBusyError(`Mail ${ref.id} is being sent by another run`);
    if (!transport) {
      tx.update(ref, { state: 'skipped', error: 'Mail is off (MAIL_SMTP_HOST is empty).' });
      return { state: 'skipped' as const, mail: null };
    }
    tx.update(ref, { state: 'sending', claimedAt: Timestamp.fromMillis(now()) });
    const data = snap.data()!;
    return {
      state: 'sending' as const,
      mail: { to: String(data.to), subject: String(data.subject), text: String(data.text) },
    };
  });
  if (!claimed) return 'skipped';
  if (!claimed.mail || !transport) return claimed.state;
  try {
    await transport.send({
      ...claimed.mail,
      from: transport.from,
      messageId: `<${ref.id}@campus-safety>`,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ref.update({
      state: 'failed',
      error: message.slice(0, ERROR_MAX),
      attempts: FieldValue.increment(1),
      claimedAt: FieldValue.delete(),
    });
    throw error;
  }
  await ref.update({
    state: 'sent',
    transport: transport.name,
    attempts: FieldValue.increment(1),
    sentAt: FieldValue.serverTimestamp(),
    error: FieldValue.delete(),
  });
  return 'sent';
}
