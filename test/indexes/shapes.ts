/**
 * Every query shape the console and the functions issue, built with the console's own query
 * builders where it has them (incidentQuerySpec and the role scopes of web/src/data/scopes.ts)
 * and described after the source otherwise (each entry names its file). The filter values are
 * realistic so the same shapes can run against the emulator.
 */
import { toFirestoreValue } from '@campus-safety/testkit/firestore-values';
import { COLLECTIONS, HANDLED_STATUSES, INCIDENT_STATS_DAYS } from '@campus-safety/model';
import {
  accomplishmentScope,
  incidentScope,
  staffScope,
  type IncidentScope,
} from '../../web/src/data/scopes.js';
import { NEWEST_FIRST as LIST_ORDER, TRIAGE_ORDER } from '../../web/src/data/incident-orders.js';
import { TRIAGE_QUEUES, triageWheres } from '../../web/src/features/incidents/triage/triage.js';
import { reporterRepliedWheres } from '../../web/src/data/reporter-replies.js';
import { openEscalationWheres } from '../../web/src/data/open-escalations.js';
import { rosterPeopleWheres, type RosterFilters } from '../../web/src/data/roster-filters.js';
import {
  EMPTY_FILTERS,
  incidentQuerySpec,
  type IncidentFilters,
} from '../../web/src/features/incidents/list/query-spec.js';

type Json = Record<string, unknown>;

export interface Where {
  field: string;
  op: '==' | '<' | '<=' | '>' | '>=' | 'in' | 'array-contains' | 'array-contains-any';
  value:
    string | number | boolean | Date | readonly string[] | Readonly<Record<string, string>> | null;
}

export interface QueryShape {
  /** Where the query is issued, and what for. */
  source: string;
  collection: string;
  group?: boolean;
  wheres: readonly Where[];
  orderBy?: readonly { field: string; direction: 'asc' | 'desc' }[];
}

const NEWEST_FIRST = [LIST_ORDER] as const;
const BY_FIRST_NAME = [{ field: 'firstNameLowerCase', direction: 'asc' }] as const;

const ADMIN: IncidentScope = { role: 'Admin', uid: 'admin-1', campus: null, archived: false };
const ADMIN_ARCHIVE: IncidentScope = { ...ADMIN, archived: true };
const IMT: IncidentScope = { role: 'IMT', uid: 'imt-1', campus: 'north', archived: false };
const REPORTER: IncidentScope = { role: 'User', uid: 'user-1', campus: null, archived: false };
const SCOPES = { Admin: ADMIN, 'Admin archive': ADMIN_ARCHIVE, IMT, reporter: REPORTER };

/** The values each reports-list filter takes in these shapes. */
export const FILTER_VALUES: IncidentFilters = {
  status: 'Processing',
  campus: 'main',
  threatLevel: 'High',
  incidentType: 'Fire',
  tag: 'night',
  from: '2026-03-01',
  to: '2026-03-31',
  // A reporter's email: one of the search words of the reports (model's incidentKeywords).
  search: 'jo@campus.edu',
};
const FILTER_NAMES = Object.keys(FILTER_VALUES) as (keyof IncidentFilters)[];

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);
}

function reportsList(scopeName: string, scope: IncidentScope, chosen: (keyof IncidentFilters)[]) {
  const filters = { ...EMPTY_FILTERS };
  for (const name of chosen) filters[name] = FILTER_VALUES[name];
  const spec = incidentQuerySpec(scope, filters);
  return {
    source: `web reports list (query-spec.ts), ${scopeName}${chosen.length ? ` + ${chosen.join(', ')}` : ''}`,
    collection: COLLECTIONS.incidentReports,
    wheres: spec.wheres,
    orderBy: [spec.orderBy],
  };
}

/**
 * The 36 reports-list shapes of issue 9: Admin and IMT scope with one or two of status, campus,
 * threat level, type, tag and reporter email (IMT has no campus filter: it is held to its own).
 */
export function reportsFilterShapes(): QueryShape[] {
  const filters: (keyof IncidentFilters)[] = [
    'status',
    'campus',
    'threatLevel',
    'incidentType',
    'tag',
    'search',
  ];
  const shapes: QueryShape[] = [];
  for (const [name, scope] of [
    ['Admin', ADMIN],
    ['IMT', IMT],
  ] as const) {
    const usable = scope.role === 'IMT' ? filters.filter((f) => f !== 'campus') : filters;
    for (const chosen of subsets(usable).filter((s) => s.length === 1 || s.length === 2))
      shapes.push(reportsList(name, scope, chosen));
  }
  return shapes;
}

export function consoleShapes(): QueryShape[] {
  const shapes: QueryShape[] = [];
  // Every filter combination of the reports list, per role scope.
  for (const [name, scope] of Object.entries(SCOPES))
    for (const chosen of subsets(FILTER_NAMES)) shapes.push(reportsList(name, scope, chosen));

  // A later page of the list (use-incident-view.ts): the boundary names the document id order.
  for (const [name, scope] of Object.entries(SCOPES)) {
    const filters = { ...EMPTY_FILTERS, search: 'laptop cafe' };
    shapes.push({
      ...reportsList(name, scope, []),
      source: `web reports list page 2 (data/firestore.ts boundary), ${name} + search`,
      wheres: incidentQuerySpec(scope, filters).wheres,
      orderBy: [...NEWEST_FIRST, { field: '__name__', direction: 'desc' }],
    });
  }
  for (const [name, scope] of Object.entries(SCOPES)) {
    shapes.push({
      source: `web Home latest reports (HomePage.tsx), ${name}`,
      collection: COLLECTIONS.incidentReports,
      wheres: incidentScope({ ...scope, archived: false }),
      orderBy: NEWEST_FIRST,
    });
  }
  for (const [name, scope] of [
    ['Admin', ADMIN],
    ['IMT', IMT],
  ] as const) {
    shapes.push({
      source: `web new-incident alert (NewIncidentAlert.tsx), ${name}`,
      collection: COLLECTIONS.incidentReports,
      wheres: [
        ...incidentScope({ ...scope, uid: '' }),
        { field: 'timestamp', op: '>=', value: new Date('2026-03-01T10:00:00Z') },
      ],
    });
    for (const queue of TRIAGE_QUEUES) {
      shapes.push({
        source: `web triage queue "${queue.title}" (data/reporter-replies.ts), ${name}`,
        collection: COLLECTIONS.incidentReports,
        wheres: triageWheres(scope, queue),
        orderBy: [TRIAGE_ORDER],
      });
    }
    shapes.push({
      source: `web "Reporter replied" queue, count and alert (data/reporter-replies.ts), ${name}`,
      collection: COLLECTIONS.incidentReports,
      wheres: reporterRepliedWheres(scope),
      orderBy: [TRIAGE_ORDER],
    });
    shapes.push({
      source: `web escalation alert (features/alerts/EscalationAlert.tsx), ${name}`,
      collection: COLLECTIONS.incidentReports,
      wheres: openEscalationWheres(scope),
      orderBy: [TRIAGE_ORDER],
    });
    shapes.push({
      source: `web accomplishment incident picker (AccomplishmentsPage.tsx), ${name}`,
      collection: COLLECTIONS.incidentReports,
      wheres: [
        ...incidentScope(scope),
        { field: 'status', op: 'in', value: [...HANDLED_STATUSES] },
      ],
      orderBy: NEWEST_FIRST,
    });
    shapes.push({
      source: `web assignee picker (data/staff-directory.ts), ${name}`,
      collection: COLLECTIONS.users,
      wheres: staffScope(scope.role, scope.campus),
      orderBy: BY_FIRST_NAME,
    });
  }
  for (const [role, campus, archived] of [
    ['Admin', null, false],
    ['Admin', null, true],
    ['IMT', 'north', false],
  ] as const) {
    shapes.push({
      source: `web accomplishments list (AccomplishmentsPage.tsx), ${role}${archived ? ' archive' : ''}`,
      collection: COLLECTIONS.accomplishmentReports,
      wheres: accomplishmentScope(role, campus, archived) ?? [],
      orderBy: NEWEST_FIRST,
    });
  }
  for (const liveOnly of [true, false]) {
    shapes.push({
      source: `web incident detail accomplishments (IncidentDetail.tsx), ${liveOnly ? 'IMT' : 'Admin'}`,
      collection: COLLECTIONS.accomplishmentReports,
      wheres: liveOnly ? [{ field: 'isArchived', op: '==', value: false }] : [],
      orderBy: NEWEST_FIRST,
    });
  }
  for (const archived of [false, true]) {
    shapes.push({
      source: `web accounts (AccountsPage.tsx)${archived ? ' archive' : ''}`,
      collection: COLLECTIONS.users,
      wheres: [{ field: 'isArchived', op: '==', value: archived }],
      orderBy: BY_FIRST_NAME,
    });
    for (const collection of [COLLECTIONS.articles, COLLECTIONS.announcements]) {
      shapes.push({
        source: `web publications (PublicationsPage.tsx), ${collection}${archived ? ' archive' : ''}`,
        collection,
        wheres: [{ field: 'isArchived', op: '==', value: archived }],
        orderBy: NEWEST_FIRST,
      });
    }
  }
  shapes.push(
    {
      source: 'web tags (data/tags.ts)',
      collection: COLLECTIONS.tags,
      wheres: [],
      orderBy: [{ field: 'name', direction: 'asc' }],
    },
    {
      source: 'web releases (ReleasesPage.tsx)',
      collection: COLLECTIONS.releases,
      wheres: [],
      orderBy: NEWEST_FIRST,
    },
    {
      source: 'web download (DownloadPage.tsx)',
      collection: COLLECTIONS.releases,
      wheres: [{ field: 'isArchived', op: '==', value: false }],
      orderBy: NEWEST_FIRST,
    },
    {
      source: 'web Home figures (data/campus-stats.ts)',
      collection: COLLECTIONS.incidentStats,
      wheres: [],
    },
    {
      source: "web Home figures of an IMT: its campus's stats shards (data/incident-stats.ts)",
      collection: COLLECTIONS.incidentStats,
      wheres: [{ field: 'campus', op: '==', value: 'main' }],
    },
    {
      source: "web dashboard, one campus's days of a period (data/incident-day-stats.ts)",
      collection: INCIDENT_STATS_DAYS,
      wheres: [
        { field: 'day', op: '>=', value: '2026-10-01' },
        { field: 'day', op: '<=', value: '2026-10-31' },
      ],
    },
    {
      source: 'web incident timeline (data/timeline.ts)',
      collection: COLLECTIONS.timeline,
      wheres: [],
      orderBy: [{ field: 'at', direction: 'asc' }],
    },
    {
      source: 'web internal notes (data/timeline.ts)',
      collection: COLLECTIONS.internalNotes,
      wheres: [],
      orderBy: [{ field: 'at', direction: 'asc' }],
    },
    {
      source: 'web campus leads (data/timeline.ts)',
      collection: COLLECTIONS.campusLeads,
      wheres: [],
    },
    {
      source: 'web on-call schedules (data/on-call.ts)',
      collection: COLLECTIONS.onCallSchedules,
      wheres: [],
    },
    {
      source: 'web escalation policies (data/on-call.ts)',
      collection: COLLECTIONS.escalationPolicies,
      wheres: [],
    },
    {
      source: "web mass notifications of an IMT's campus (data/mass-notifications.ts)",
      collection: COLLECTIONS.massNotifications,
      wheres: [{ field: 'reach', op: 'array-contains', value: 'north' }],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    },
    {
      source:
        'web alerts waiting for a second Admin (data/mass-notifications.ts awaitingApprovalSpec)',
      collection: COLLECTIONS.massNotifications,
      wheres: [{ field: 'state', op: '==', value: 'awaitingApproval' }],
    },
    {
      source:
        'functions: the Admins asked to approve an alert (services/mass-notifications/approval-request.ts)',
      collection: COLLECTIONS.users,
      wheres: [{ field: 'role', op: '==', value: 'Admin' }],
    },
    {
      source:
        'functions mass-notification plan: the fresh shared locations (services/mass-notifications.ts locatedUids)',
      collection: COLLECTIONS.lastLocations,
      wheres: [{ field: 'at', op: '>=', value: new Date('2026-03-02T06:00:00+08:00') }],
      orderBy: [{ field: 'at', direction: 'asc' }],
    },
    {
      source: "web emergency alarm, an IMT's campus (data/emergencies.ts openEmergenciesSpec)",
      collection: COLLECTIONS.emergencies,
      wheres: [
        { field: 'status', op: '==', value: 'open' },
        { field: 'campus', op: '==', value: 'north' },
      ],
    },
    {
      source:
        'web emergency alarm, Admin; functions emergency escalation (services/emergencies.ts)',
      collection: COLLECTIONS.emergencies,
      wheres: [{ field: 'status', op: '==', value: 'open' }],
    },
    {
      source: 'functions safety timers past due (services/safety-timers.ts expireDueSafetyTimers)',
      collection: COLLECTIONS.safetyTimers,
      wheres: [
        { field: 'status', op: '==', value: 'running' },
        { field: 'dueAt', op: '<=', value: new Date('2026-03-02T06:00:00+08:00') },
      ],
      orderBy: [{ field: 'dueAt', direction: 'asc' }],
    },
    {
      source:
        'functions mass-notification plan and count: the accounts of members-only campuses (mass-notifications/plan.ts audienceAccounts)',
      collection: COLLECTIONS.users,
      wheres: [{ field: 'campus', op: 'in', value: ['main', 'north'] }],
      orderBy: [{ field: '__name__', direction: 'asc' }],
    },
    {
      source:
        "functions mass-notification plan and count: the roster's active people of some campuses (mass-notifications/plan.ts activeRoster)",
      collection: COLLECTIONS.roster,
      wheres: [
        { field: 'status', op: '==', value: 'active' },
        { field: 'campus', op: 'in', value: ['main'] },
      ],
      orderBy: [{ field: '__name__', direction: 'asc' }],
    },
    {
      source: "web past emergencies, an IMT's campus (data/emergencies.ts pastEmergenciesSpec)",
      collection: COLLECTIONS.emergencies,
      wheres: [{ field: 'campus', op: '==', value: 'north' }],
      orderBy: [{ field: 'openedAt', direction: 'desc' }],
    },
    {
      source: 'web past emergencies, Admin (data/emergencies.ts pastEmergenciesSpec)',
      collection: COLLECTIONS.emergencies,
      wheres: [],
      orderBy: [{ field: 'openedAt', direction: 'desc' }],
    },
    {
      source: 'web emergency timeline (data/emergencies.ts emergencyTimelineSpec)',
      collection: COLLECTIONS.timeline,
      wheres: [],
      orderBy: [{ field: 'at', direction: 'asc' }],
    },
    {
      source: 'web Clery alerts of a calendar year (data/mass-notifications.ts cleryAlertsSpec)',
      collection: COLLECTIONS.massNotifications,
      wheres: [
        { field: 'kind', op: 'in', value: ['emergency', 'timelyWarning'] },
        { field: 'createdAt', op: '>=', value: new Date('2026-01-01T00:00:00+08:00') },
      ],
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    },
    {
      source: 'web decisions not to warn of a year (data/clery.ts warningDecisionsSpec)',
      collection: COLLECTIONS.warningDecisions,
      wheres: [
        { field: 'reportedAt', op: '>=', value: new Date('2026-01-01T00:00:00+08:00') },
        { field: 'reportedAt', op: '<', value: new Date('2027-01-01T00:00:00+08:00') },
      ],
      orderBy: [{ field: 'reportedAt', direction: 'desc' }],
    },
    {
      source: 'web emergency tests of a year (data/clery.ts emergencyTestsSpec)',
      collection: COLLECTIONS.emergencyTests,
      wheres: [
        { field: 'testedAt', op: '>=', value: new Date('2026-01-01T00:00:00+08:00') },
        { field: 'testedAt', op: '<', value: new Date('2027-01-01T00:00:00+08:00') },
      ],
      orderBy: [{ field: 'testedAt', direction: 'desc' }],
    },
    {
      source: 'functions handover: the reports in progress of the caller (services/handover.ts)',
      collection: COLLECTIONS.incidentReports,
      wheres: [
        { field: 'assignedTo.id', op: '==', value: 'imt-main' },
        { field: 'isArchived', op: '==', value: false },
        { field: 'status', op: '==', value: 'Processing' },
      ],
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
    },
    {
      source: 'web escalations (data/escalations.ts)',
      collection: COLLECTIONS.notifications,
      wheres: [{ field: 'type', op: '==', value: 'escalation' }],
      orderBy: NEWEST_FIRST,
    },
    {
      source: 'web reporter app: my reports (data/reporter.ts ownReportsSpec)',
      collection: COLLECTIONS.incidentReports,
      wheres: [{ field: 'reporterId', op: '==', value: 'user-1' }],
      orderBy: NEWEST_FIRST,
    },
    {
      source: 'web reporter app: my anonymous reports (data/reporter.ts anonymousReportLinksSpec)',
      collection: COLLECTIONS.anonymousReports,
      wheres: [],
      orderBy: [{ field: 'filedAt', direction: 'desc' }],
    },
    {
      source: 'web reporter app: notifications (data/reporter.ts notificationsSpec)',
      collection: COLLECTIONS.notifications,
      wheres: [],
      orderBy: NEWEST_FIRST,
    },
    {
      source: "web reporter app: a report's timeline (data/reporter.ts reportNotificationsSpec)",
      collection: COLLECTIONS.notifications,
      wheres: [{ field: 'type_id', op: '==', value: 'report-1' }],
    },
  );
  // The mobile app's published-items query, as the rules matrix states it (publishing.test.ts).
  for (const collection of [COLLECTIONS.articles, COLLECTIONS.announcements]) {
    shapes.push({
      source: `mobile app live published items, newest first, ${collection}`,
      collection,
      wheres: [
        { field: 'isArchived', op: '==', value: false },
        { field: 'isScheduled', op: '==', value: false },
      ],
      orderBy: NEWEST_FIRST,
    });
  }
  const since = new Date('2026-03-01T00:00:00Z');
  shapes.push(
    {
      source: 'web daily crime log reports (data/clery.ts crimeLogIncidentsSpec), Admin',
      collection: COLLECTIONS.incidentReports,
      wheres: [{ field: 'timestamp', op: '>=', value: since }],
      orderBy: NEWEST_FIRST,
    },
    {
      source: 'web crime log and annual tables (data/clery.ts cleryRecordsSpec), Admin',
      collection: COLLECTIONS.cleryRecords,
      wheres: [{ field: 'reportedAt', op: '>=', value: since }],
      orderBy: [{ field: 'reportedAt', direction: 'desc' }],
    },
    {
      source: 'web crime log legal holds (data/clery.ts activeLegalHoldsSpec), Admin',
      collection: COLLECTIONS.legalHolds,
      wheres: [{ field: 'active', op: '==', value: true }],
    },
    {
      source: 'web roster import history (data/roster.ts rosterImportsSpec), Admin',
      collection: COLLECTIONS.rosterImports,
      wheres: [],
      orderBy: [{ field: 'at', direction: 'desc' }],
    },
  );
  const rosterFilters: RosterFilters = { search: 'ma', campus: 'north', status: 'active' };
  for (const chosen of subsets(Object.keys(rosterFilters) as (keyof RosterFilters)[])) {
    const filters: RosterFilters = { search: '', campus: '', status: '' };
    for (const key of chosen) Object.assign(filters, { [key]: rosterFilters[key] });
    shapes.push({
      source: `web roster people (data/roster-filters.ts rosterPeopleWheres), by ${chosen.join(', ') || 'nothing'}`,
      collection: COLLECTIONS.roster,
      wheres: rosterPeopleWheres(filters),
      orderBy: [{ field: 'nameLowerCase', direction: 'asc' }],
    });
  }
  return shapes;
}

export function functionShapes(): QueryShape[] {
  const shapes: QueryShape[] = [
    {
      source:
        'functions SMS reply: the roster person of a number (mass-notifications/sms-replies.ts)',
      collection: COLLECTIONS.roster,
      wheres: [
        { field: 'phone', op: '==', value: '+639171234567' },
        { field: 'status', op: '==', value: 'active' },
      ],
    },
    {
      source:
        'functions SMS reply: the latest reply link of a person (mass-notifications/sms-replies.ts)',
      collection: COLLECTIONS.replyLinks,
      wheres: [
        { field: 'recipientId', op: '==', value: 'roster-s1' },
        { field: 'expiresAt', op: '>', value: new Date('2026-12-03T10:00:00Z') },
      ],
      orderBy: [{ field: 'expiresAt', direction: 'desc' }],
    },
    {
      source: 'functions createAccount email check (services/accounts.ts)',
      collection: COLLECTIONS.users,
      wheres: [{ field: 'email', op: '==', value: 'jo@campus.edu' }],
    },
    {
      source: 'functions reporter lookup of the status trigger (services/reporter.ts)',
      collection: COLLECTIONS.users,
      wheres: [{ field: 'email', op: '==', value: 'jo@campus.edu' }],
    },
    {
      source: 'functions push token holders (push/sender.ts)',
      collection: COLLECTIONS.users,
      wheres: [{ field: 'deviceToken', op: 'array-contains', value: 'token-1' }],
    },
    {
      source: 'functions Web Push subscription holders (push/sender.ts)',
      collection: COLLECTIONS.users,
      wheres: [
        {
          field: 'webPush',
          op: 'array-contains',
          value: { endpoint: 'https://push.example/send/1', p256dh: 'BKey', auth: 'secret' },
        },
      ],
    },
    {
      source: 'functions sweep of media checks past their budget (services/incident-media.ts)',
      collection: COLLECTIONS.mediaChecks,
      wheres: [{ field: 'queuedAt', op: '<', value: new Date('2026-11-20T10:00:00Z') }],
    },
    {
      source: 'functions incident stats rebuild (services/incident-stats.ts)',
      collection: COLLECTIONS.incidentReports,
      wheres: [],
    },
    {
      source:
        "functions fold of past stats days: a campus's spread day shards (services/incident-stats.ts)",
      collection: INCIDENT_STATS_DAYS,
      wheres: [{ field: 'shard', op: '>', value: 0 }],
    },
    {
      source: 'functions keywords rebuild (services/incident-keywords.ts)',
      collection: COLLECTIONS.incidentReports,
      wheres: [],
      orderBy: [{ field: '__name__', direction: 'asc' }],
    },
    {
      source: 'functions escalation scan (services/escalation.ts)',
      collection: COLLECTIONS.incidentReports,
      wheres: [
        { field: 'isArchived', op: '==', value: false },
        { field: 'status', op: 'in', value: ['Reported', 'Processing'] },
        { field: 'timestamp', op: '<=', value: new Date('2026-03-01T10:00:00Z') },
      ],
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
    },
    {
      source: 'functions escalation recipients: live Admins (services/escalation.ts)',
      collection: COLLECTIONS.users,
      wheres: [
        { field: 'role', op: '==', value: 'Admin' },
        { field: 'isArchived', op: '==', value: false },
      ],
    },
  ];
  for (const collection of [COLLECTIONS.articles, COLLECTIONS.announcements]) {
    shapes.push({
      source: `functions scheduled publishing job (services/publications.ts), ${collection}`,
      collection,
      wheres: [{ field: 'isScheduled', op: '==', value: true }],
    });
  }
  for (const collection of [COLLECTIONS.incidentReports, COLLECTIONS.announcements]) {
    shapes.push(
      {
        source: `functions tag rename (services/tags.ts), ${collection}`,
        collection,
        wheres: [{ field: 'tags', op: 'array-contains', value: 'night' }],
      },
      {
        source: `functions tag usage count (services/tags.ts), ${collection}`,
        collection,
        wheres: [{ field: 'tags', op: 'array-contains-any', value: ['night', 'fire'] }],
      },
    );
  }
  shapes.push(
    {
      source: "functions tag usage count for an IMT: its campus's live reports (services/tags.ts)",
      collection: COLLECTIONS.incidentReports,
      wheres: [
        { field: 'nearestCampus', op: '==', value: 'north' },
        { field: 'isArchived', op: '==', value: false },
        { field: 'tags', op: 'array-contains-any', value: ['night', 'fire'] },
      ],
    },
    {
      source: 'functions tag usage count for an IMT: live announcements (services/tags.ts)',
      collection: COLLECTIONS.announcements,
      wheres: [
        { field: 'isArchived', op: '==', value: false },
        { field: 'tags', op: 'array-contains-any', value: ['night', 'fire'] },
      ],
    },
  );
  return shapes;
}

const OPS: Record<Where['op'], string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

/** The StructuredQuery (proto3 JSON) the SDKs send for a shape. */
export function structuredQuery(shape: QueryShape): Json {
  const filters = shape.wheres.map((w) => ({
    fieldFilter: { field: { fieldPath: w.field }, op: OPS[w.op], value: toFirestoreValue(w.value) },
  }));
  return {
    from: [{ collectionId: shape.collection, allDescendants: shape.group ?? false }],
    ...(filters.length === 0
      ? {}
      : { where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } } }),
    ...(shape.orderBy?.length
      ? {
          orderBy: shape.orderBy.map((o) => ({
            field: { fieldPath: o.field },
            direction: o.direction === 'asc' ? 'ASCENDING' : 'DESCENDING',
          })),
        }
      : {}),
  };
}
