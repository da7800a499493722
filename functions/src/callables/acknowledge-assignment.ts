import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { acknowledgeAssignment as work } from '../services/acknowledgement';

/** The assignee of a report acknowledges it. */
export const acknowledgeAssignment = callable('acknowledgeAssignment', (input, caller) =>
  work(db(), input, caller),
);
