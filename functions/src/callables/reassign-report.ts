import { callable } from '../platform/callable';
import { accountEmailVerified, db } from '../platform/firebase';
import { defaultSender } from '../push/default-sender';
import { timeZone } from '../options';
import { reassignReport as work } from '../services/reassignment';

/** An Admin or the campus's IMT hands a report in progress to another staff member, with a reason. */
export const reassignReport = callable('reassignReport', (input, caller) =>
  work(
    {
      db: db(),
      push: defaultSender(),
      emailVerified: accountEmailVerified,
      timeZone: timeZone(),
    },
    input,
    caller,
  ),
);
