import { z } from './zod-config';
import { AFFILIATIONS, AFFILIATION_LABELS } from './catalog';
import { campusIdSchema } from './campuses';

/**
 * Where a reporter belongs: their campus (none for someone on no campus) and their affiliation.
 * A reporter sets both in /app (at sign-up and later); alerts to "<campus> · everyone" reach the
 * people whose users doc names that campus (mass-notifications.ts `reaches`). Staff campuses are
 * not this: they change only through setStaffAccess, with the claims.
 */
export const reporterPlaceSchema = z.strictObject({
  campus: campusIdSchema.nullable(),
  affiliation: z.enum(AFFILIATIONS, {
    error: `Affiliation must be one of ${AFFILIATIONS.map((a) => AFFILIATION_LABELS[a]).join(', ')}.`,
  }),
});
export type ReporterPlace = z.infer<typeof reporterPlaceSchema>;
