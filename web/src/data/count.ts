import { useEffect, useState } from 'react';
import { firestoreErrorMessage } from '../lib/errors';
import { countQuery } from './firestore';
import { querySpecKey, type QuerySpec } from './spec';

export type ServerCount =
  | { status: 'loading'; count: null; error: null }
  | { status: 'ready'; count: number; error: null }
  | { status: 'error'; count: null; error: string };

/**
 * How many documents a query matches in all (its limit and cursor ignored), counted by the
 * server. Counted again when the query changes or `recount` does (e.g. the live page changed:
 * a report arrived or left the filters), so the figure follows the list it describes.
 */
export function useServerCount<T>(spec: QuerySpec<T> | null, recount: string): ServerCount {
  const key = spec ? querySpecKey({ ...spec, limit: undefined, boundary: null }) : null;
  const [held, setHeld] = useState({ key, spec });
  if (held.key !== key) setHeld({ key, spec });
  const [result, setResult] = useState<ServerCount>({
    status: 'loading',
    count: null,
    error: null,
  });
  useEffect(() => {
    if (!held.spec) return;
    let current = true;
    countQuery(held.spec).then(
      (count) => current && setResult({ status: 'ready', count, error: null }),
      (error: unknown) => {
        console.error(`Count of ${held.key} failed`, error);
        if (current)
          setResult({ status: 'error', count: null, error: firestoreErrorMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [held, recount]);
  // A count of the previous query must never label this one.
  useEffect(() => setResult({ status: 'loading', count: null, error: null }), [held]);
  return result;
}
