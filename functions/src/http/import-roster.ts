import { ROSTER_LIMITS, importRosterSchema, rosterTooLargeMessage } from '@campus-safety/model';
import { db } from '../platform/firebase';
import { fail } from '../platform/errors';
import { parseInput } from '../schemas/parse';
import { importRoster } from '../services/roster';
import { adminEndpoint } from './endpoint';

/** `?apply=` as the nightly job writes it: previewing unless it says `true`. */
function applyParam(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return fail('invalid-argument', 'apply must be "true" or "false".');
}

/**
 * POST /roster-import?mode=update|replace&apply=true|false, the CSV as the body (text/csv):
 * the nightly job's roster import, the same preview or import as the console's importRoster,
 * answered as the same JSON (docs/mass-notifications.md#roster-endpoint).
 */
export const importRosterEndpoint = adminEndpoint(
  'Could not import the roster. Try again: a file already applied in part is completed by importing it again.',
  async (csv, caller, req) =>
    importRoster(
      db(),
      parseInput(importRosterSchema, {
        csv,
        mode: req.query.mode,
        apply: applyParam(req.query.apply),
      }),
      caller,
      'endpoint',
    ),
  { kind: 'csv', maxBytes: ROSTER_LIMITS.fileBytes, tooLarge: rosterTooLargeMessage() },
);
