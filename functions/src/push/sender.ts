import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS } from '@campus-safety/model';
import type { PushPayload } from '../domain/publication-push';
import { recordedAddress, webPushSubscriptionOf } from '../domain/push-address';
import { INVALID_TOKEN_CODES, type PushTransport } from './transport';

export type PushState = 'sent' | 'failed' | 'skipped';

export interface PushOutcome {
  id: string;
  state: PushState;
  sent: number;
  failed: number;
  invalidTokens: string[];
  /** Every token the send failed for (invalid or not), so a caller can count people. */
  failedTokens: string[];
}

export interface PushTarget {
  tokens?: string[];
  topic?: string;
  /** The user the tokens belong to, when known; otherwise invalid tokens are looked up. */
  owner?: DocumentReference;
  /**
   * The record (Admin-read) must not identify the recipient: it keeps how many tokens, not which
   * (a push to an anonymous reporter; docs/anonymity.md).
   */
  confidential?: boolean;
}

export interface PushSender {
  send(target: PushTarget, payload: PushPayload, recordId?: string): Promise<PushOutcome>;
}

/**
 * Sends a push and records it in `push_messages` (docs/design.md#data-model). Never throws: a push
 * that cannot go out is recorded as `failed` and logged, because the work that asked for it (a
 * status change, a publication) has already happened and must not be undone or retried for it.
 */
export function pushSender(db: Firestore, transport: PushTransport): PushSender {
  const records = db.collection(COLLECTIONS.pushMessages);

  /**
   * Forgets dead devices: an FCM token from `deviceToken`, a Web Push subscription from
   * `webPush` (the entry the address was made of, so arrayRemove finds it by its value).
   */
  async function forgetTokens(tokens: string[], owner?: DocumentReference) {
    if (tokens.length === 0) return;
    const entries = tokens.map((token) => {
      const subscription = webPushSubscriptionOf(token);
      return subscription
        ? { field: 'webPush', value: subscription as unknown }
        : { field: 'deviceToken', value: token as unknown };
    });
    if (owner) {
      const change: Record<string, FieldValue> = {};
      for (const field of ['deviceToken', 'webPush']) {
        const values = entries.filter((e) => e.field === field).map((e) => e.value);
        if (values.length > 0) change[field] = FieldValue.arrayRemove(...values);
      }
      await owner.update(change);
      return;
    }
    const users = db.collection(COLLECTIONS.users);
    for (const { field, value } of entries) {
      const holders = await users.where(field, 'array-contains', value).get();
      await Promise.all(
        holders.docs.map((doc) => doc.ref.update({ [field]: FieldValue.arrayRemove(value) })),
      );
    }
  }

  return {
    async send(target, payload, recordId) {
      const ref = recordId ? records.doc(recordId) : records.doc();
      const tokens = [...new Set(target.tokens ?? [])];
      const base = {
        ...(target.topic
          ? { topic: target.topic }
          : target.confidential
            ? { tokenCount: tokens.length }
            : { tokens: tokens.map(recordedAddress) }),
        payload,
        timestamp: FieldValue.serverTimestamp(),
      };
      const outcome: PushOutcome = {
        id: ref.id,
        state: 'skipped',
        sent: 0,
        failed: 0,
        invalidTokens: [],
        failedTokens: [],
      };
      let error: string | undefined;
      try {
        if (target.topic) {
          await transport.sendToTopic(target.topic, payload);
          outcome.state = 'sent';
          outcome.sent = 1;
        } else if (tokens.length > 0) {
          const result = await transport.sendToTokens(tokens, payload);
          outcome.sent = result.successCount;
          outcome.failed = result.failures.length;
          outcome.failedTokens = result.failures.map((f) => f.token);
          outcome.state = result.successCount > 0 ? 'sent' : 'failed';
          outcome.invalidTokens = result.failures
            .filter((f) => INVALID_TOKEN_CODES.has(f.code))
            .map((f) => f.token);
          if (result.failures.length > 0) {
            error = result.failures
              .map((f) => `${f.code}: ${f.message}`)
              .join('; ')
              .slice(0, 1500);
          }
        }
      } catch (err) {
        outcome.state = 'failed';
        outcome.failed = target.topic ? 1 : tokens.length;
        if (!target.topic) outcome.failedTokens = tokens;
        error = err instanceof Error ? err.message : String(err);
      }
      try {
        await forgetTokens(outcome.invalidTokens, target.owner);
        await ref.set({
          ...base,
          state: outcome.state,
          transport: outcome.state === 'skipped' ? 'none' : transport.name,
          sent: outcome.sent,
          failed: outcome.failed,
          ...(outcome.invalidTokens.length > 0
            ? target.confidential
              ? { removedTokenCount: outcome.invalidTokens.length }
              : { removedTokens: outcome.invalidTokens.map(recordedAddress) }
            : {}),
          ...(error && !target.confidential ? { error } : {}),
        });
      } catch (err) {
        logger.error('Could not record a push message', { id: ref.id, err });
      }
      if (outcome.state === 'failed') logger.warn('Push failed', { id: ref.id, error });
      return outcome;
    },
  };
}
