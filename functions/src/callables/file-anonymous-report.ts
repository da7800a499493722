import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { programmeTimeZone } from '../services/settings';
import { fileAnonymousReport as work } from '../services/anonymity';

/** An app user files a report that names no one (docs/anonymity.md). */
export const fileAnonymousReport = callable('fileAnonymousReport', async (input, caller) =>
  work(db(), input, caller, await programmeTimeZone(db())),
);
