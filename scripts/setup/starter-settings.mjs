/**
 * The starter settings of a deployment, in one place for the two writers of them: the setup
 * command of a real project (`npm run setup`, which keeps every setting that exists) and the seed
 * of the local stack (which puts its demo values back). Both write the same documents through
 * writeStarterSettings, so the local stack starts as a new deployment does (docs/setup.md#first-admin).
 */
import {
  COLLECTIONS,
  DEFAULT_QUICK_QUESTIONS,
  DEFAULT_SETTING_VALUES,
  DEFAULT_TEMPLATES,
  MASS_NOTIFICATION_SETTINGS,
  QUICK_QUESTIONS_SETTINGS,
  SECURITY_SETTINGS,
  SETTING_IDS,
  STARTER_SETTINGS_EDITOR,
  toStoredCampuses,
} from '@campus-safety/model';

/**
 * `settings/{id}` → its starter content. Response targets, incident types and alert approval as
 * deployment.json and the catalog give them; the campuses given (none for a real project, which
 * adds its own; the demo's for the local stack), marked as saved by the starter settings (the
 * Home checklist counts them done once an Admin saves them on /settings).
 * @param {Date} now
 * @param {readonly import('@campus-safety/model').Campus[]} [campuses]
 * @returns {Array<{ id: string, data: Record<string, unknown> }>}
 */
export function starterSettings(now, campuses = []) {
  return [
    // A second factor for Admins starts off: the project must first enable SMS multi-factor
    // (Identity Platform), then an Admin turns it on here (docs/decisions.md#second-factor-for-admins).
    { id: SECURITY_SETTINGS.id, data: { adminsRequireSecondFactor: false } },
    // The quick questions staff send with one click (docs/console.md#conversation-with-the-reporter).
    { id: QUICK_QUESTIONS_SETTINGS.id, data: { questions: [...DEFAULT_QUICK_QUESTIONS] } },
    // The alert templates (docs/mass-notifications.md#templates).
    { id: MASS_NOTIFICATION_SETTINGS.id, data: { templates: DEFAULT_TEMPLATES } },
    ...Object.entries(SETTING_IDS).map(([name, id]) => ({
      id,
      data: {
        ...(name === 'campuses'
          ? { campuses: toStoredCampuses(campuses) }
          : DEFAULT_SETTING_VALUES[name]),
        updatedAt: now,
        updatedBy: STARTER_SETTINGS_EDITOR,
      },
    })),
  ];
}

/**
 * Writes the starter settings in one transaction: only the missing ones, or with `replace` (the
 * seed) every one. Returns the ids written and the ids kept as they were.
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {{ now: Date, replace?: boolean, campuses?: readonly import('@campus-safety/model').Campus[] }} options
 * @returns {Promise<{ written: string[], kept: string[] }>}
 */
export async function writeStarterSettings(db, { now, replace = false, campuses = [] }) {
  const documents = starterSettings(now, campuses).map((d) => ({
    ...d,
    ref: db.collection(COLLECTIONS.settings).doc(d.id),
  }));
  return db.runTransaction(async (tx) => {
    const snaps = replace ? [] : await tx.getAll(...documents.map((d) => d.ref));
    const written = [];
    const kept = [];
    documents.forEach(({ id, ref, data }, i) => {
      if (snaps[i]?.exists) kept.push(id);
      else {
        if (replace) tx.set(ref, data);
        else tx.create(ref, data);
        written.push(id);
      }
    });
    return { written, kept };
  });
}
