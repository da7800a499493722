import { COLLECTIONS, type TriggerFailure } from '@campus-safety/model';
import { entityConverter } from './firestore';
import type { QuerySpec } from './spec';

/** The latest failures first: they are what needs looking at; older records are history. */
export function latestTriggerFailuresSpec(size: number): QuerySpec<TriggerFailure> {
  return {
    path: [COLLECTIONS.triggerFailures],
    converter: entityConverter<TriggerFailure>(),
    wheres: [],
    orderBy: { field: 'lastFailedAt', direction: 'desc' },
    limit: size,
  };
}
