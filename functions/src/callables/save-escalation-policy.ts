import { callable } from '../platform/callable';
import { db } from '../platform/firebase';
import { saveEscalationPolicy as work } from '../services/escalation-policies';

/** An Admin saves a campus's escalation policy (levels, minutes per threat level, repeats). */
export const saveEscalationPolicy = callable('saveEscalationPolicy', (input, caller) =>
  work(db(), input, caller),
);
