import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  BROADCAST_TOPIC,
  PUBLICATION_KINDS,
  type CallableInput,
  type PublicationKindName as PublicationKind,
  type SavePublicationResponse,
} from '@campus-safety/model';
import { publicationPush } from '../domain/publication-push';
import type { PushSender } from '../push/sender';
import { fail } from '../platform/errors';
import { millisOf } from '../platform/timestamps';

type SaveArticleInput = CallableInput<'saveArticle'>;
type SaveAnnouncementInput = CallableInput<'saveAnnouncement'>;

export interface PublicationDeps {
  db: Firestore;
  push: PushSender;
}

/** The fields a save writes, besides publication state; the text field differs per kind. */
function contentFields(
  kind: PublicationKind,
  input: SaveArticleInput | SaveAnnouncementInput,
): DocumentData {
  const fields: DocumentData =
    kind === 'article'
      ? { title: input.title, description: (input as SaveArticleInput).description }
      : {
          title: input.title,
          body: (input as SaveAnnouncementInput).body,
          tags: (input as SaveAnnouncementInput).tags,
        };
  if (typeof input.imageUrl === 'string') fields.imageUrl = input.imageUrl;
  return fields;
}

function pushText(kind: PublicationKind, data: DocumentData): string {
  return String(data[PUBLICATION_KINDS[kind].textField]);
}

/**
 * Creates or updates an article or announcement (docs/requirements.md#publishing). A
 * `scheduledDate` schedules it (isScheduled true, the date as its timestamp; the every-minute job
 * publishes it); without one it is published now and the topic push goes out. Editing an already
 * published item without a date changes its content only: no second push, same timestamp.
 */
export async function savePublication(
  deps: PublicationDeps,
  kind: PublicationKind,
  input: SaveArticleInput | SaveAnnouncementInput,
): Promise<SavePublicationResponse> {
  const { db } = deps;
  const meta = PUBLICATION_KINDS[kind];
  const collection = db.collection(meta.collection);
  const scheduled = input.scheduledDate instanceof Date ? input.scheduledDate : null;
  const publication = scheduled
    ? { isScheduled: true, timestamp: Timestamp.fromDate(scheduled) }
    : {
        isScheduled: false,
        timestamp: FieldValue.serverTimestamp(),
        publishedAt: FieldValue.serverTimestamp(),
      };
  const content = contentFields(kind, input);

  let id: string;
  let publishesNow: boolean;
  if (!input.id) {
    const ref = collection.doc();
    await ref.create({ ...content, ...publication, isArchived: false });
    id = ref.id;
    publishesNow = !scheduled;
  } else {
    const ref = collection.doc(input.id);
    id = ref.id;
    publishesNow = await db.runTransaction(async (tx) => {
      const current = await tx.get(ref);
      if (!current.exists) {
        fail(
          'not-found',
          `${meta.updateFailed} This ${meta.singular} no longer exists; it may have been deleted.`,
        );
      }
      const wasScheduled = current.get('isScheduled') === true;
      const removeImage = input.imageUrl === null ? { imageUrl: FieldValue.delete() } : {};
      if (scheduled || wasScheduled) {
        tx.update(ref, { ...content, ...removeImage, ...publication });
        return !scheduled;
      }
      tx.update(ref, { ...content, ...removeImage });
      return false;
    });
  }

  if (publishesNow) {
    await deps.push.send(
      { topic: BROADCAST_TOPIC },
      publicationPush(kind, id, input.title, pushText(kind, content)),
    );
  }
  return { id, isScheduled: !!scheduled, pushed: publishesNow };
}

export interface PublishedItem {
  kind: PublicationKind;
  id: string;
  scheduledFor: Date;
}

/**
 * The scheduled-publishing job: every scheduled article and announcement whose date has come is
 * published (isScheduled false) and announced on the topic. Each item flips in its own
 * transaction, so two runs at once (the schedule and an Admin's "publish now") publish and push
 * each item once. Only the equality filter is queried, so no composite index is needed; scheduled
 * items are few.
 */
export async function publishDueItems(deps: PublicationDeps, now: Date): Promise<PublishedItem[]> {
  const published: PublishedItem[] = [];
  for (const kind of ['article', 'announcement'] as const) {
    const collection = deps.db.collection(PUBLICATION_KINDS[kind].collection);
    const scheduled = await collection.where('isScheduled', '==', true).get();
    for (const doc of scheduled.docs) {
      const dueMs = millisOf(doc.get('timestamp'));
      if (dueMs === null || dueMs > now.getTime()) continue;
      const flipped = await deps.db.runTransaction(async (tx) => {
        const fresh = await tx.get(doc.ref);
        const freshMs = millisOf(fresh.get('timestamp'));
        if (fresh.get('isScheduled') !== true || freshMs === null || freshMs > now.getTime()) {
          return null;
        }
        tx.update(doc.ref, { isScheduled: false, publishedAt: FieldValue.serverTimestamp() });
        return fresh.data() ?? null;
      });
      if (!flipped) continue;
      published.push({ kind, id: doc.id, scheduledFor: new Date(dueMs) });
      await deps.push.send(
        { topic: BROADCAST_TOPIC },
        publicationPush(kind, doc.id, String(flipped.title ?? ''), pushText(kind, flipped)),
        `publish-${kind}-${doc.id}-${dueMs}`,
      );
    }
  }
  return published;
}
