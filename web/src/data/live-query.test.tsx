// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocSpec, QuerySpec } from './spec';

/** A fake Firestore: each listener the hook opens, with the callbacks to drive it. */
interface FakeListener {
  spec: { path: readonly string[] };
  next: (value: unknown) => void;
  fail: (error: unknown) => void;
  options?: { includeMetadataChanges?: boolean };
  stopped: boolean;
}
const fake = vi.hoisted(() => ({ listeners: [] as FakeListener[] }));

vi.mock('./firestore', () => {
  const open = (
    spec: FakeListener['spec'],
    next: FakeListener['next'],
    fail: FakeListener['fail'],
    options?: FakeListener['options'],
  ) => {
    const listener: FakeListener = { spec, next, fail, options, stopped: false };
    fake.listeners.push(listener);
    return () => {
      listener.stopped = true;
    };
  };
  return { listenToQuery: open, listenToDoc: open };
});

import { combineLive, useLiveDoc, useLiveQuery, useLiveStore } from './live-query';

interface Item {
  name: string;
}

const converter = {} as QuerySpec<Item>['converter'];
const tagsSpec = (limit = 10): QuerySpec<Item> => ({
  path: ['tags'],
  converter,
  wheres: [],
  orderBy: { field: 'name', direction: 'asc' },
  limit,
});
const tagSpec = (id: string): DocSpec<Item> => ({ path: ['tags', id], converter });

const open = () => fake.listeners.filter((l) => !l.stopped);
const rows = (...names: string[]) => ({
  rows: names.map((name) => ({ name, id: name, snapshot: {} })),
  fromCache: false,
  docsChanged: true,
});

describe('useLiveQuery', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is loading until the first snapshot, then ready with its rows', () => {
    const { result, unmount } = renderHook(() => useLiveQuery(tagsSpec()));
    expect(result.current.status).toBe('loading');
    act(() => open()[0]!.next(rows('fire', 'theft')));
    expect(result.current.status).toBe('ready');
    expect(result.current.data.map((r) => r.name)).toEqual(['fire', 'theft']);
    unmount();
  });

  it('stays loading on a snapshot from the cache until the server has answered once', () => {
    const { result, unmount } = renderHook(() => useLiveQuery(tagsSpec()));
    // Without metadata changes the SDK would not say when the server confirms the same rows.
    expect(open()[0]!.options?.includeMetadataChanges).toBe(true);
    act(() => open()[0]!.next({ ...rows('fire'), fromCache: true }));
    expect(result.current.status).toBe('loading');
    // The server confirms the same rows: only metadata changed, and that makes the list ready.
    act(() => open()[0]!.next({ ...rows('fire'), docsChanged: false }));
    expect(result.current.status).toBe('ready');
    const shown = result.current.data;
    // Once ready, a metadata-only snapshot changes nothing shown: not even the rows' identity.
    act(() => open()[0]!.next({ ...rows('fire'), fromCache: true, docsChanged: false }));
    expect(result.current.status).toBe('ready');
    expect(result.current.data).toBe(shown);
    // A cached snapshot with changed documents (a local write) is shown, and stays ready.
    act(() => open()[0]!.next({ ...rows('fire', 'flood'), fromCache: true }));
    expect(result.current.status).toBe('ready');
    expect(result.current.data.map((r) => r.name)).toEqual(['fire', 'flood']);
    unmount();
  });

  it('screens asking for the same spec share one listener; the last to leave closes it', () => {
    const first = renderHook(() => useLiveQuery(tagsSpec()));
    const second = renderHook(() => useLiveQuery(tagsSpec()));
    expect(fake.listeners).toHaveLength(1);
    act(() => fake.listeners[0]!.next(rows('fire')));
    expect(first.result.current.data).toHaveLength(1);
    expect(second.result.current.data).toHaveLength(1);

    first.unmount();
    expect(fake.listeners[0]!.stopped).toBe(false);
    expect(second.result.current.data).toHaveLength(1);

    second.unmount();
    expect(fake.listeners[0]!.stopped).toBe(true);
    // Nothing kept for a key nobody listens to: the next screen starts from loading.
    expect(Object.keys(useLiveStore.getState().entries)).toEqual([]);
    const third = renderHook(() => useLiveQuery(tagsSpec()));
    expect(third.result.current.status).toBe('loading');
    expect(fake.listeners).toHaveLength(2);
    third.unmount();
  });

  it('a spec rebuilt with the same content keeps its listener; a changed spec replaces it', () => {
    const { rerender, unmount } = renderHook(({ limit }) => useLiveQuery(tagsSpec(limit)), {
      initialProps: { limit: 10 },
    });
    rerender({ limit: 10 });
    expect(fake.listeners).toHaveLength(1);

    rerender({ limit: 20 });
    expect(fake.listeners).toHaveLength(2);
    expect(fake.listeners[0]!.stopped).toBe(true);
    expect(open()).toHaveLength(1);
    unmount();
    expect(open()).toHaveLength(0);
  });

  it('shows a failed listener as an error in plain words, and "Try again" reopens it', () => {
    const { result, unmount } = renderHook(() => useLiveQuery(tagsSpec()));
    act(() => fake.listeners[0]!.fail({ code: 'permission-denied' }));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe('You do not have permission to do this.');
    expect(result.current.data).toEqual([]);
    expect(console.error).toHaveBeenCalled();

    act(() => result.current.retry());
    expect(fake.listeners[0]!.stopped).toBe(true);
    expect(open()).toHaveLength(1);
    expect(result.current.status).toBe('loading');
    act(() => open()[0]!.next(rows('fire')));
    expect(result.current.status).toBe('ready');
    unmount();
    expect(open()).toHaveLength(0);
  });

  it('opens nothing for a null spec (a role that may not read the collection)', () => {
    const { result, unmount } = renderHook(() => useLiveQuery<Item>(null));
    expect(fake.listeners).toHaveLength(0);
    expect(result.current).toMatchObject({ status: 'loading', data: [], error: null });
    unmount();
  });
});

describe('useLiveDoc', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
  });

  it('gives the document, null while it does not exist, and follows its changes', () => {
    const { result, unmount } = renderHook(() => useLiveDoc(tagSpec('fire')));
    expect(result.current).toMatchObject({ status: 'loading', data: null });
    act(() => fake.listeners[0]!.next(null));
    expect(result.current).toMatchObject({ status: 'ready', data: null });
    act(() => fake.listeners[0]!.next({ id: 'fire', name: 'fire' }));
    expect(result.current.data).toEqual({ id: 'fire', name: 'fire' });
    unmount();
    expect(fake.listeners[0]!.stopped).toBe(true);
  });
});

describe('combineLive', () => {
  const ready = { status: 'ready' as const, error: null };
  const loading = { status: 'loading' as const, error: null };
  const failed = (error: string, retry = vi.fn()) => ({ status: 'error' as const, error, retry });

  it('is ready only when every result is, and loading while any is', () => {
    expect(combineLive([ready, ready]).status).toBe('ready');
    expect(combineLive([ready, loading]).status).toBe('loading');
  });

  it('keeps an error of any result, even while the others load, with every distinct message', () => {
    const combined = combineLive([loading, failed('Permission denied.'), ready]);
    expect(combined).toMatchObject({ status: 'error', error: 'Permission denied.' });
    const two = combineLive([failed('Permission denied.'), failed('Offline.'), failed('Offline.')]);
    expect(two.error).toBe('Permission denied. Offline.');
  });

  it('retries the failed results and leaves the others alone', () => {
    const okRetry = vi.fn();
    const badRetry = vi.fn();
    combineLive([{ ...ready, retry: okRetry }, failed('Offline.', badRetry)]).retry();
    expect(badRetry).toHaveBeenCalledOnce();
    expect(okRetry).not.toHaveBeenCalled();
  });
});
