import { useEffect } from 'react';
import { create } from 'zustand';
import {
  onSnapshot,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { firestoreErrorMessage } from './errors';

/** A row of a live list: the document id, its data and the snapshot (a pagination cursor). */
export type Row<T> = T & { id: string; snapshot: QueryDocumentSnapshot };

export interface LiveEntry<T = unknown> {
  status: 'loading' | 'ready' | 'error';
  data: T;
  error: string | null;
}

interface LiveState {
  entries: Record<string, LiveEntry>;
  put: (key: string, entry: LiveEntry) => void;
  drop: (key: string) => void;
}

/**
 * Every Firestore listener the console holds, keyed by what it listens to. Screens that show the
 * same data share one listener; the last screen to leave closes it.
 */
export const useLiveStore = create<LiveState>((set) => ({
  entries: {},
  put: (key, entry) => set((s) => ({ entries: { ...s.entries, [key]: entry } })),
  drop: (key) =>
    set((s) => {
      const { [key]: _dropped, ...rest } = s.entries;
      return { entries: rest };
    }),
}));

const listeners = new Map<string, { users: number; stop: () => void }>();
const retries = new Map<string, () => void>();

function retain(key: string, start: () => () => void): () => void {
  const existing = listeners.get(key);
  if (existing) existing.users += 1;
  else listeners.set(key, { users: 1, stop: start() });
  return () => {
    const entry = listeners.get(key);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users === 0) {
      entry.stop();
      listeners.delete(key);
      retries.delete(key);
      useLiveStore.getState().drop(key);
    }
  };
}

/** Restarts a failed listener (the "Try again" of an error state). */
export function retryLive(key: string) {
  retries.get(key)?.();
}

function subscribe(key: string, attach: (put: (e: LiveEntry) => void) => () => void): () => void {
  const put = (entry: LiveEntry) => useLiveStore.getState().put(key, entry);
  return retain(key, () => {
    let stop = attach(put);
    retries.set(key, () => {
      stop();
      put({ status: 'loading', data: undefined, error: null });
      stop = attach(put);
    });
    return () => stop();
  });
}

const LOADING: LiveEntry<never> = { status: 'loading', data: undefined as never, error: null };

/** Live rows of a query; `key` must change whenever the query does (null: nothing to listen to). */
export function useLiveQuery<T>(
  key: string | null,
  build: () => Query,
): LiveEntry<Row<T>[]> & { key: string | null } {
  useEffect(() => {
    if (!key) return;
    return subscribe(key, (put) => {
      put({ status: 'loading', data: [], error: null });
      return onSnapshot(
        build(),
        (snap) =>
          put({
            status: 'ready',
            data: snap.docs.map((d) => ({ ...(d.data() as T), id: d.id, snapshot: d })),
            error: null,
          }),
        (error) => {
          console.error(`Listener ${key} failed`, error);
          put({ status: 'error', data: [], error: firestoreErrorMessage(error) });
        },
      );
    });
    // `build` is derived from `key` by contract.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const entry = useLiveStore((s) => (key ? s.entries[key] : undefined)) as
    LiveEntry<Row<T>[]> | undefined;
  return { ...(entry ?? { ...LOADING, data: [] }), key };
}

/** Live single document; data is null when it does not exist. */
export function useLiveDoc<T>(
  key: string | null,
  build: () => DocumentReference,
): LiveEntry<(T & { id: string }) | null> {
  useEffect(() => {
    if (!key) return;
    return subscribe(key, (put) => {
      put({ status: 'loading', data: null, error: null });
      return onSnapshot(
        build(),
        (snap: DocumentSnapshot) =>
          put({
            status: 'ready',
            data: snap.exists() ? { ...(snap.data() as T), id: snap.id } : null,
            error: null,
          }),
        (error) => {
          console.error(`Listener ${key} failed`, error);
          put({ status: 'error', data: null, error: firestoreErrorMessage(error) });
        },
      );
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const entry = useLiveStore((s) => (key ? s.entries[key] : undefined)) as
    LiveEntry<(T & { id: string }) | null> | undefined;
  return entry ?? { status: 'loading', data: null, error: null };
}
