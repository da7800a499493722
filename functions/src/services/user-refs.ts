import type { DocumentData } from 'firebase-admin/firestore';
import { webPushSubscriptionsOf } from '@campus-safety/model';
import { webPushAddress } from '../domain/push-address';

/**
 * A uid read from a document a client wrote (a report's `reporterId`, `assignedTo.id`, a
 * message's `authorUid`): usable as a `users/{uid}` id, else null. People are found by uid only.
 */
export function userIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && !value.includes('/') ? value : null;
}

/**
 * The push addresses of a `users` document, the well-formed ones: its FCM tokens
 * (`deviceToken`) and its Web Push subscriptions (`webPush`) as addresses the push sender routes
 * (domain/push-address.ts).
 */
export function deviceTokensOf(user: DocumentData | undefined): string[] {
  const tokens: unknown = user?.deviceToken;
  const fcm = Array.isArray(tokens)
    ? tokens.filter((t): t is string => typeof t === 'string' && t.length > 0)
    : [];
  return [...fcm, ...webPushSubscriptionsOf(user).map(webPushAddress)];
}
