import { callable } from '../platform/callable';
import { accountEmailVerified, db } from '../platform/firebase';
import { defaultSender } from '../push/default-sender';
import { programmeTimeZone } from '../services/settings';
import { reassignReport as work } from '../services/reassignment';

/** An Admin or the campus's IMT hands a report in progress to another staff member, with a reason. */
export const reassignReport = callable('reassignReport', async (input, caller) =>
  work(
    {
      db: db(),
      push: defaultSender(),
      emailVerified: accountEmailVerified,
      timeZone: await programmeTimeZone(db(), { fresh: true }),
    },
    input,
    caller,
  ),
);
