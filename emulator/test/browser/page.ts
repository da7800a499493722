/**
 * The page the browser suite loads (bundled by esbuild): the real firebase web SDK, driven by the
 * test through `globalThis.harness`. Listeners record every snapshot so the test can check what a
 * user's onSnapshot callback saw, in order.
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  setDoc,
  updateDoc,
  type DocumentData,
  type Firestore,
  type FirestoreSettings,
  type Query,
} from 'firebase/firestore';

export interface SnapshotRecord {
  ids: string[];
  changes: { type: string; id: string; data: DocumentData }[];
}

export interface ListenerRecord {
  snapshots: SnapshotRecord[];
  error: string | null;
}

/**
 * streaming: a held-open back channel only; longPolling: experimentalForceLongPolling;
 * autoDetect: the SDK default, streaming unless it detects a buffering proxy.
 */
export type Transport = 'streaming' | 'longPolling' | 'autoDetect';

const TRANSPORT_SETTINGS: Record<Transport, FirestoreSettings> = {
  streaming: { experimentalAutoDetectLongPolling: false },
  longPolling: { experimentalForceLongPolling: true },
  autoDetect: {},
};

export interface ConnectOptions {
  host: string;
  port: number;
  projectId: string;
  transport: Transport;
}

export interface WatchOptions {
  orderByField?: string;
  limit?: number;
}

let db: Firestore | null = null;
const listeners = new Map<string, ListenerRecord>();

function firestore(): Firestore {
  if (!db) throw new Error('connect() first');
  return db;
}

const harness = {
  connect(options: ConnectOptions): void {
    const app = initializeApp({ projectId: options.projectId, apiKey: 'fake-api-key' });
    db = initializeFirestore(app, TRANSPORT_SETTINGS[options.transport]);
    connectFirestoreEmulator(db, options.host, options.port);
  },

  watch(key: string, path: string, options: WatchOptions = {}): void {
    const record: ListenerRecord = { snapshots: [], error: null };
    listeners.set(key, record);
    let target: Query = collection(firestore(), path);
    if (options.orderByField) target = query(target, orderBy(options.orderByField));
    if (options.limit !== undefined) target = query(target, limit(options.limit));
    onSnapshot(
      target,
      (snapshot) => {
        record.snapshots.push({
          ids: snapshot.docs.map((d) => d.id),
          changes: snapshot.docChanges().map((change) => ({
            type: change.type,
            id: change.doc.id,
            data: change.doc.data(),
          })),
        });
      },
      (error) => {
        record.error = (error as { code?: string }).code ?? String(error);
      },
    );
  },

  record(key: string): ListenerRecord | null {
    return listeners.get(key) ?? null;
  },

  async set(path: string, data: DocumentData): Promise<void> {
    await setDoc(doc(firestore(), path), data);
  },

  async update(path: string, data: DocumentData): Promise<void> {
    await updateDoc(doc(firestore(), path), data);
  },

  async remove(path: string): Promise<void> {
    await deleteDoc(doc(firestore(), path));
  },

  /** Adds `by` to a numeric field inside a transaction; returns the new value. */
  async increment(path: string, field: string, by: number): Promise<number> {
    return runTransaction(firestore(), async (transaction) => {
      const ref = doc(firestore(), path);
      const snapshot = await transaction.get(ref);
      const next = ((snapshot.get(field) as number | undefined) ?? 0) + by;
      transaction.set(ref, { [field]: next }, { merge: true });
      return next;
    });
  },

  /** The error code a write fails with, or null when it succeeds. */
  async writeError(
    kind: 'set' | 'update',
    path: string,
    data: DocumentData,
  ): Promise<string | null> {
    try {
      const ref = doc(firestore(), path);
      await (kind === 'set' ? setDoc(ref, data) : updateDoc(ref, data));
      return null;
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  },
};

export type Harness = typeof harness;
(globalThis as unknown as { harness: Harness }).harness = harness;
