import {
  COLLECTIONS,
  MASS_NOTIFICATION_BATCHES,
  MASS_NOTIFICATION_READ_SHARDS,
  MASS_NOTIFICATION_REPLIES,
  MASS_NOTIFICATION_REPLY_SHARDS,
  MASS_NOTIFICATION_SETTINGS,
  type AlertReply,
  type MassNotification,
  type MassNotificationSettings,
} from '@campus-safety/model';
import { createDocument, entityConverter } from './firestore';
import type { DocSpec, QuerySpec } from './spec';

/** How many recent alerts the list shows (alerts are few: a handful a month). */
export const ALERT_LIST_LIMIT = 100;

/**
 * The recent alerts a staff member may read: every alert for an Admin, those reaching their
 * campus for an IMT (the rules' scope, as a query they can prove).
 */
export function massNotificationsSpec(
  role: 'Admin' | 'IMT',
  campus: string | null,
): QuerySpec<MassNotification> {
  return {
    path: [COLLECTIONS.massNotifications],
    converter: entityConverter<MassNotification>(),
    wheres: role === 'Admin' ? [] : [{ field: 'reach', op: 'array-contains', value: campus ?? '' }],
    orderBy: { field: 'createdAt', direction: 'desc' },
    limit: ALERT_LIST_LIMIT,
  };
}

/** The alerts waiting for a second Admin (Admins read every alert; waiting ones are few). */
export const awaitingApprovalSpec: QuerySpec<MassNotification> = {
  path: [COLLECTIONS.massNotifications],
  converter: entityConverter<MassNotification>(),
  wheres: [{ field: 'state', op: '==', value: 'awaitingApproval' }],
  limit: ALERT_LIST_LIMIT,
};

export function massNotificationSpec(id: string): DocSpec<MassNotification> {
  return {
    path: [COLLECTIONS.massNotifications, id],
    converter: entityConverter<MassNotification>(),
  };
}

/** An alert's fan-out pages, each with its receipts (summed on read: sumReceipts). */
export function alertBatchesSpec(
  id: string,
): QuerySpec<{ receipts?: unknown; languages?: unknown; state?: string }> {
  return {
    path: [COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_BATCHES],
    converter: entityConverter<{ receipts?: unknown; languages?: unknown; state?: string }>(),
    wheres: [],
  };
}

export function alertReadShardsSpec(id: string): QuerySpec<{ count?: unknown }> {
  return {
    path: [COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_READ_SHARDS],
    converter: entityConverter<{ count?: unknown }>(),
    wheres: [],
  };
}

/** The shards of an alert's reply tally (summed on read: sumReplyShards). */
export function alertReplyShardsSpec(id: string): QuerySpec<Record<string, unknown>> {
  return {
    path: [COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_REPLY_SHARDS],
    converter: entityConverter<Record<string, unknown>>(),
    wheres: [],
  };
}

/** People each list of the alert page shows at most (the tally counts them all). */
export const REPLY_LIST_LIMIT = 200;

/**
 * An alert's replies that answered "help is needed", or those not answered yet (equality
 * filters only; sorted on screen). Both name `answered`, which the rules need for an audience
 * found by location (staff read only its answered replies; its unanswered list is not asked).
 */
export function alertRepliesSpec(
  id: string,
  which: 'needsHelp' | 'waiting',
): QuerySpec<AlertReply> {
  return {
    path: [COLLECTIONS.massNotifications, id, MASS_NOTIFICATION_REPLIES],
    converter: entityConverter<AlertReply>(),
    wheres:
      which === 'needsHelp'
        ? [
            { field: 'answered', op: '==', value: true },
            { field: 'needsHelp', op: '==', value: true },
          ]
        : [{ field: 'answered', op: '==', value: false }],
    limit: REPLY_LIST_LIMIT,
  };
}

/** The Timely Warnings and Emergency Notifications created since `since` (the Clery record). */
export function cleryAlertsSpec(since: Date): QuerySpec<MassNotification> {
  return {
    path: [COLLECTIONS.massNotifications],
    converter: entityConverter<MassNotification>(),
    wheres: [
      { field: 'kind', op: 'in', value: ['emergency', 'timelyWarning'] },
      { field: 'createdAt', op: '>=', value: since },
    ],
    orderBy: { field: 'createdAt', direction: 'desc' },
  };
}

/** `settings/mass_notifications`: the templates; missing means defaults. */
export const massNotificationSettingsSpec: DocSpec<Partial<MassNotificationSettings>> = {
  path: [COLLECTIONS.settings, MASS_NOTIFICATION_SETTINGS.id],
  converter: entityConverter<Partial<MassNotificationSettings>>(),
};

/** Saves the templates (Admins; the rules bound every text). */
export function saveMassNotificationSettings(settings: MassNotificationSettings) {
  return createDocument(
    [COLLECTIONS.settings, MASS_NOTIFICATION_SETTINGS.id],
    { templates: settings.templates },
    'The alert settings were not saved',
  );
}
