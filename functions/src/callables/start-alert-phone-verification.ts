import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { smsProvider } from '../platform/sms';
import { currentInstitution } from '../services/settings';
import { startAlertPhoneVerification as work } from '../services/alert-phones';

/** A person asks for a code by SMS to the number they want alerts on. */
export const startAlertPhoneVerification = callable(
  'startAlertPhoneVerification',
  async (input, caller) =>
    work(
      {
        db: db(),
        sms: smsProvider(),
        institutionShortName: (await currentInstitution(db())).shortName,
      },
      input,
      caller,
    ),
);
