import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { timeZone } from '../options';
import { fileAnonymousReport as work } from '../services/anonymity';

/** An app user files a report that names no one (docs/anonymity.md). */
export const fileAnonymousReport = callable('fileAnonymousReport', (input, caller) =>
  work(db(), input, caller, timeZone()),
);
