import type { ImportRosterInput } from '@campus-safety/model';
import { callFunction } from '../../lib/functions';

/** Previews a roster CSV (`apply: false`) or applies it; the server plans it again either way. */
export function importRoster(input: ImportRosterInput) {
  return callFunction('importRoster', input);
}
