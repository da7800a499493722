import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { defineString } from 'firebase-functions/params';

/**
 * Where SMS go: a provider behind params. `record` (the local stack, functions/.env.local) keeps
 * each message in the `sms_messages` outbox as sent without leaving the machine; empty means SMS
 * is off and messages are recorded as `skipped`. A deployment adds its provider here, behind this
 * interface (docs/mass-notifications.md#sms).
 */
const smsProviderParam = defineString('SMS_PROVIDER', {
  default: '',
  description: 'SMS provider of mass notifications: record (local outbox only) or empty (off).',
});

export interface SmsProvider {
  name: string;
  send(message: { to: string; text: string; messageId: string }): Promise<void>;
}

/** The local provider: the outbox record is the delivery. */
export const recordingSmsProvider: SmsProvider = { name: 'record', async send() {} };

/** The provider the params choose, or null when SMS is off. */
export function smsProvider(): SmsProvider | null {
  const name = smsProviderParam.value();
  if (name === 'record') return recordingSmsProvider;
  if (name === '') return null;
  throw new Error(`SMS_PROVIDER "${name}" is not a known provider.`);
}

export type SmsState = 'pending' | 'sent' | 'failed' | 'skipped';

/** Queues one SMS in the caller's transaction (id derived from the alert and the person). */
export function queueSms(
  tx: Transaction,
  ref: DocumentReference,
  sms: { to: string; text: string },
) {
  tx.create(ref, {
    ...sms,
    state: 'pending' satisfies SmsState,
    createdAt: FieldValue.serverTimestamp(),
  });
}

/**
 * Sends one queued SMS once: a transaction moves it out of `pending` (to `sent` for the recording
 * provider, whose send cannot fail), so a second run finds it done; a real provider's failure is
 * recorded as `failed` and not retried (an alert retried minutes later is worse than one missing
 * SMS, which the receipts show).
 */
export async function deliverSms(
  ref: DocumentReference,
  provider: SmsProvider | null,
): Promise<SmsState> {
  const claimed = await ref.firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return { state: 'skipped' as const, sms: null };
    const state = snap.get('state') as SmsState;
    if (state !== 'pending') return { state, sms: null };
    if (!provider) {
      tx.update(ref, { state: 'skipped', error: 'SMS is off (SMS_PROVIDER is empty).' });
      return { state: 'skipped' as const, sms: null };
    }
    tx.update(ref, {
      state: 'sent',
      provider: provider.name,
      sentAt: FieldValue.serverTimestamp(),
    });
    return {
      state: 'sent' as const,
      sms: { to: String(snap.get('to')), text: String(snap.get('text')) },
    };
  });
  if (!claimed.sms || !provider) return claimed.state;
  try {
    await provider.send({ ...claimed.sms, messageId: ref.id });
    return 'sent';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ref.update({ state: 'failed', error: message.slice(0, 500) });
    return 'failed';
  }
}
