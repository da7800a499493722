import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { firestoreErrorMessage } from '../lib/errors';
import { listenToDoc, listenToPendingWrites, listenToQuery } from './firestore';
import {
  docSpecKey,
  querySpecKey,
  type DocSpec,
  type QuerySpec,
  type Row,
  type WithId,
} from './spec';

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

type Attach = (put: (entry: LiveEntry) => void) => () => void;

interface Listener {
  users: number;
  stop: () => void;
  restart: () => void;
}

const listeners = new Map<string, Listener>();

/** Opens the listener of `key` or joins the one already open; the returned function leaves it. */
function retain(key: string, attach: Attach): () => void {
  const existing = listeners.get(key);
  if (existing) existing.users += 1;
  else {
    const put = (entry: LiveEntry) => useLiveStore.getState().put(key, entry);
    let stop = attach(put);
    listeners.set(key, {
      users: 1,
      stop: () => stop(),
      restart: () => {
        stop();
        stop = attach(put);
      },
    });
  }
  return () => {
    const entry = listeners.get(key);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users === 0) {
      entry.stop();
      listeners.delete(key);
      useLiveStore.getState().drop(key);
    }
  };
}

/** Restarts a failed listener (the "Try again" of an error state). */
function retry(key: string | null) {
  if (key) listeners.get(key)?.restart();
}

/**
 * Holds the listener of `key` while the component is mounted. The spec travels with its key in
 * state, so the effect depends on exactly what it uses and runs again only when the key changes
 * (a spec rebuilt each render with the same content keeps its listener).
 */
function useListener(key: string | null, attach: Attach) {
  const [held, setHeld] = useState({ key, attach });
  if (held.key !== key) setHeld({ key, attach });
  useEffect(() => (held.key ? retain(held.key, held.attach) : undefined), [held]);
  return useLiveStore((s) => (key ? s.entries[key] : undefined));
}

export type LiveList<T> = LiveEntry<Row<T>[]> & { retry: () => void };
export type LiveDoc<T> = LiveEntry<WithId<T> | null> & { retry: () => void };

/** Live rows of a query (null: nothing to listen to, e.g. a role that may not read it). */
export function useLiveQuery<T>(spec: QuerySpec<T> | null): LiveList<T> {
  const key = spec ? querySpecKey(spec) : null;
  const entry = useListener(key, (put) => {
    put({ status: 'loading', data: [], error: null });
    // The SDK first answers from its cache: only the documents other listeners happened to load,
    // e.g. 4 of 9 waiting reports. Ready means the server has answered once, so a screen never
    // shows a partial list as the whole one. Metadata changes are asked for because the server's
    // answer may change no document, and the SDK raises that only to such listeners.
    let confirmed = false;
    return listenToQuery(
      spec!,
      ({ rows, fromCache, docsChanged }) => {
        // Once ready, a snapshot of the same documents (a write acknowledged, the connection
        // lost) would only render the screen again.
        if (confirmed && !docsChanged) return;
        confirmed ||= !fromCache;
        put({ status: confirmed ? 'ready' : 'loading', data: rows, error: null });
      },
      (error) => {
        console.error(`Listener ${key} failed`, error);
        put({ status: 'error', data: [], error: firestoreErrorMessage(error) });
      },
      { includeMetadataChanges: true },
    );
  }) as LiveEntry<Row<T>[]> | undefined;
  return { ...(entry ?? { status: 'loading', data: [], error: null }), retry: () => retry(key) };
}

/** Live single document; data is null when it does not exist. */
export function useLiveDoc<T>(spec: DocSpec<T> | null): LiveDoc<T> {
  const key = spec ? docSpecKey(spec) : null;
  const entry = useListener(key, (put) => {
    put({ status: 'loading', data: null, error: null });
    return listenToDoc(
      spec!,
      (data) => put({ status: 'ready', data, error: null }),
      (error) => {
        console.error(`Listener ${key} failed`, error);
        put({ status: 'error', data: null, error: firestoreErrorMessage(error) });
      },
    );
  }) as LiveEntry<WithId<T> | null> | undefined;
  return { ...(entry ?? { status: 'loading', data: null, error: null }), retry: () => retry(key) };
}

/**
 * Whether the document holds a write of this device the server has not confirmed yet (a report
 * queued without a connection, docs/reporter-app.md#offline); false while unknown.
 */
export function usePendingWrites(spec: DocSpec<unknown> | null): boolean {
  const key = spec ? `pending ${docSpecKey(spec)}` : null;
  const entry = useListener(key, (put) => {
    put({ status: 'loading', data: false, error: null });
    let last: boolean | null = null;
    return listenToPendingWrites(
      spec!,
      (pending) => {
        if (pending === last) return;
        last = pending;
        put({ status: 'ready', data: pending, error: null });
      },
      (error) => {
        console.error(`Listener ${key} failed`, error);
        put({ status: 'error', data: false, error: firestoreErrorMessage(error) });
      },
    );
  }) as LiveEntry<boolean> | undefined;
  return entry?.data ?? false;
}

/** What several live results amount to together: one status, every error kept, one retry. */
export interface LiveStatus {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  retry: () => void;
}

/**
 * Combines the live results a screen needs all of: an error in any of them is the combination's
 * error (each distinct message kept), else loading until every one is ready. Retry restarts the
 * failed ones. Screens use this rather than picking statuses by hand, so no listener's error is
 * dropped.
 */
export function combineLive(
  results: readonly (Pick<LiveEntry, 'status' | 'error'> & { retry?: () => void })[],
): LiveStatus {
  const failed = results.filter((r) => r.status === 'error');
  const messages = [...new Set(failed.map((r) => r.error ?? 'Unknown error.'))];
  return {
    status: failed.length
      ? 'error'
      : results.some((r) => r.status === 'loading')
        ? 'loading'
        : 'ready',
    error: messages.length ? messages.join(' ') : null,
    retry: () => failed.forEach((r) => r.retry?.()),
  };
}

/**
 * The rows of a live list that hold a write of this device the server has not confirmed yet (a
 * message queued without a connection, docs/reporter-app.md#offline).
 */
export function heldOnDevice(rows: readonly Row<unknown>[]): Set<string> {
  return new Set(rows.filter((row) => row.snapshot.metadata.hasPendingWrites).map((row) => row.id));
}
