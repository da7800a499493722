import {
  DEFAULT_TEMPLATES,
  savedByPerson,
  type Campus,
  type MassNotificationSettings,
} from '@campus-safety/model';

/**
 * The Admin's set-up checklist on Home (docs/setup.md#set-up-checklist): what a new
 * deployment still has to make its own, read from what exists. A setting counts once a person
 * saved it (the starter settings the setup command and the seed write do not count).
 */
export interface SetupFacts {
  institution: SavedDoc | null;
  /** settings/campuses, and the active campuses it holds. */
  campusSetting: SavedDoc | null;
  incidentTypes: SavedDoc | null;
  responseTargets: SavedDoc | null;
  /** The ids of the on-call schedules (one per campus, by campus). */
  onCallSchedules: readonly string[];
  campuses: readonly Campus[];
  alertSettings: Partial<MassNotificationSettings> | null;
  /** The staff directory's uids (every live staff account, invited or signed in). */
  staff: readonly string[];
  /** The signed-in Admin, who does not count as "another staff account". */
  self: string;
}

type SavedDoc = { updatedBy?: { uid?: unknown } };

export interface ChecklistItem {
  key: string;
  label: string;
  done: boolean;
  /** What is left (or what was found), one sentence. */
  detail: string;
  /** The screen that does it. */
  to: string;
}

function saved(doc: SavedDoc | null, what: string): Pick<ChecklistItem, 'done' | 'detail'> {
  return savedByPerson(doc)
    ? { done: true, detail: `${what} saved.` }
    : { done: false, detail: `Still the starter ${what.toLowerCase()}: review and save them.` };
}

/** Whether the templates were adapted: any title or text other than the starter one. */
function templatesAdapted(settings: Partial<MassNotificationSettings> | null): boolean {
  const templates = settings?.templates;
  if (!templates) return false;
  return Object.entries(DEFAULT_TEMPLATES).some(([key, starter]) => {
    const t = templates[key as keyof typeof templates];
    return t !== undefined && (t.title !== starter.title || t.body !== starter.body);
  });
}

export function setupChecklist(facts: SetupFacts): ChecklistItem[] {
  const missing = facts.campuses
    .filter((c) => !facts.onCallSchedules.includes(c.id))
    .map((c) => c.name);
  const others = facts.staff.filter((uid) => uid !== facts.self).length;
  return [
    {
      key: 'institution',
      label: 'Institution profile',
      to: '/settings',
      ...(savedByPerson(facts.institution)
        ? { done: true, detail: 'Name, time zone and emergency numbers saved.' }
        : { done: false, detail: 'Give the name, time zone and emergency numbers.' }),
    },
    {
      key: 'campuses',
      label: 'Campuses and buildings',
      to: '/settings',
      ...(facts.campuses.length === 0
        ? { done: false, detail: 'Add your campuses and draw their boundaries.' }
        : saved(facts.campusSetting, 'Campuses')),
    },
    {
      key: 'incidentTypes',
      label: 'Incident types',
      to: '/settings',
      ...saved(facts.incidentTypes, 'Incident types'),
    },
    {
      key: 'responseTargets',
      label: 'Response targets',
      to: '/settings',
      ...saved(facts.responseTargets, 'Response targets'),
    },
    {
      key: 'onCall',
      label: 'On-call schedules',
      to: '/on-call',
      done: facts.campuses.length > 0 && missing.length === 0,
      detail:
        facts.campuses.length === 0
          ? 'Add a campus first: each campus has its own schedule.'
          : missing.length === 0
            ? 'Every campus has a schedule.'
            : `No schedule yet for ${missing.join(', ')}.`,
    },
    {
      key: 'alertTemplates',
      label: 'Alert templates',
      to: '/mass-notifications',
      ...(templatesAdapted(facts.alertSettings)
        ? { done: true, detail: 'Adapted to your campus.' }
        : { done: false, detail: 'Still the starter texts: adapt them to your campus.' }),
    },
    {
      key: 'staff',
      label: 'Invite staff',
      to: '/accounts',
      done: others > 0,
      detail:
        others > 0
          ? `${others} other staff account${others === 1 ? '' : 's'}.`
          : 'No other staff account yet: create the IMT members and a second Admin.',
    },
  ];
}
