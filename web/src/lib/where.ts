import { where, type QueryFieldFilterConstraint } from 'firebase/firestore';
import type { WhereSpec } from './incident-scope';

export function whereConstraints(wheres: readonly WhereSpec[]): QueryFieldFilterConstraint[] {
  return wheres.map((w) => where(w.field, w.op, w.value));
}
