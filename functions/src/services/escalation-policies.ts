import type { Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  type SaveEscalationPolicyResponse,
  type CallableInput,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { saveWithHistory } from './settings-history';
import { requireActiveCampuses } from './campuses';

/**
 * An Admin saves a campus's escalation policy (the schema checked the levels, their order and
 * every bound); the next housekeeping run escalates by it. The history keeps who changed what.
 */
export async function saveEscalationPolicy(
  db: Firestore,
  input: CallableInput<'saveEscalationPolicy'>,
  caller: Caller,
  now: () => Date = () => new Date(),
): Promise<SaveEscalationPolicyResponse> {
  await requireActiveCampuses(db, [input.campus], 'campus');
  const at = now();
  const by = { uid: caller.uid, name: caller.displayName };
  await saveWithHistory(
    db,
    db.collection(COLLECTIONS.escalationPolicies).doc(input.campus),
    {
      campus: input.campus,
      steps: input.steps,
      repeat: input.repeat,
      updatedAt: at,
      updatedBy: by,
    },
    by,
    at,
  );
  return { campus: input.campus };
}
