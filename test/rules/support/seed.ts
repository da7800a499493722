/**
 * The data every matrix test starts from, written with rules disabled (as the server would).
 * Ids are named after what makes each document interesting to the rules.
 */
import {
  COLLECTIONS,
  DECLINE_REASONS,
  DEFAULT_INCIDENT_TYPES,
  INCIDENT_STATS_DAYS,
  RESOLVE_CODES,
  toStoredIncidentTypes,
  SETTING_IDS,
  toStoredCampuses,
  incidentStatsId,
  staffDirectoryEntry,
  type Article,
  type IncidentReport,
  type Release,
  type UserProfile,
} from '@campus-safety/model';
import { Timestamp, doc, writeBatch, type Firestore, type WriteBatch } from 'firebase/firestore';
import { DEMO_CAMPUSES, SECOND_INSTITUTION } from '@campus-safety/model/demo';
import { ACTORS, COLLEAGUE, OTHER_CAMPUS, SAME_CAMPUS, type Actor } from './actors';

/** A type the institution added, one it added and retired, and a resolve code it added. */
export const ADDED_TYPE = 'Noise complaint';
export const RETIRED_TYPE = 'Old type';
export const ADDED_RESOLVE_CODE = 'Referred to housing';
/** A starter code the institution dropped: the seeded accomplishment reports keep it. */
export const DROPPED_RESOLVE_CODE = 'Resolved on site';

/** A campus the institution retired: it keeps its history and takes nothing new. */
export const RETIRED_CAMPUS = {
  ...SECOND_INSTITUTION.campuses[0],
  id: 'old-campus',
  retired: true,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const reportTime = Timestamp.fromMillis(Date.now() - DAY_MS);

export const REPORTS = {
  /** Alice's, same campus. */
  reported: 'main-reported',
  processing: 'main-processing',
  responded: 'main-responded',
  resolved: 'main-resolved',
  declined: 'main-declined',
  archived: 'main-archived',
  /** Bob's, other campus. */
  otherCampus: 'north-reported',
  /** Alice's, same campus, filed anonymously: no field names her (docs/anonymity.md). */
  anonymous: 'main-anonymous',
} as const;

export const ACCOMPLISHMENTS = {
  /** Under REPORTS.responded. */
  live: 'acc-main',
  archived: 'acc-main-archived',
  /** Under REPORTS.otherCampus. */
  otherCampus: 'acc-north',
} as const;

export const NOTIFICATION = 'notification-1';
/** The "reported" timeline entry and an internal note under REPORTS.reported, otherCampus and archived. */
export const TIMELINE_ENTRY = 'reported';
export const NOTE = 'note-1';
/** Notes counted under each report that has NOTE (record_counts/internal_notes); accomplishment writes are counted from zero. */
export const SEEDED_NOTE_COUNT = 1;
/** A reporter's message under REPORTS.reported, archived and otherCampus, counted (record_counts/messages). */
export const MESSAGE = 'message-1';
export const SEEDED_MESSAGE_COUNT = 1;
export const TAG = 'fire';
export const PUBLICATIONS = {
  published: 'published',
  scheduled: 'scheduled',
  archived: 'archived',
};
export const RELEASES = { live: 'release-live', archived: 'release-archived' };
export const PUSH_MESSAGE = 'push-1';
/** The day of the seeded per-day stats docs. */
export const STATS_DAY = '2026-11-20';
/** file_checks ids (fileCheckId of the paths): a release build's and an article image's. */
export const FILE_CHECKS = {
  release: 'releases%2Frelease-live%2Fapp.apk',
  image: 'articles%2Fa1%2Fphoto.png',
};

function userDoc(actor: Actor, overrides: Partial<UserProfile<Timestamp>> = {}) {
  const first = actor.uid.replace(/[^a-z]/g, '');
  const profile: UserProfile<Timestamp> = {
    firstName: first,
    firstNameLowerCase: first,
    lastName: 'Tester',
    email: actor.email ?? '',
    contactNumber: '+63 900 000 0000',
    address: '1 Campus Road',
    birthday: '2000-01-31',
    role: actor.claims?.role ?? 'User',
    campus: actor.claims?.campus ?? null,
    isArchived: false,
    isUsingDefaultPassword: false,
    registrationDate: '2026-01-05T08:00:00.000Z',
    registrationDateTimestamp: Timestamp.fromMillis(Date.parse('2026-01-05T08:00:00.000Z')),
    deviceToken: [`device-${actor.uid}`],
  };
  return { ...profile, ...overrides };
}

function incident(
  reporter: Actor,
  campus: string,
  overrides: Partial<IncidentReport<Timestamp>> = {},
): IncidentReport<Timestamp> {
  return {
    timestamp: reportTime,
    geoLoc: { latitude: 14.6, longitude: 121.0 },
    nearestCampus: campus,
    status: 'Reported',
    isArchived: false,
    email: reporter.email ?? '',
    reporterId: reporter.uid,
    incidentType: 'Theft',
    description: 'Bag taken from the library',
    ...overrides,
  };
}

const assignee = {
  id: ACTORS.imtSameCampus.uid,
  displayName: 'imtmain Tester',
  email: ACTORS.imtSameCampus.email ?? '',
};

function accomplishment(isArchived: boolean) {
  return {
    title: 'Bag recovered',
    description: 'Returned to the owner',
    resolveCode: 'Resolved on site',
    timestamp: reportTime,
    isArchived,
    threatLevel: 'Low',
  };
}

function accomplishmentCopy(reportId: string, campus: string, isArchived: boolean) {
  return {
    ...accomplishment(isArchived),
    report: {
      id: reportId,
      time: '08:00 AM',
      date: 'Jan 05 2026',
      type: 'Theft',
      latitude: 14.6,
      longitude: 121.0,
      campus,
      assignee: 'imtmain Tester',
      threatLevel: 'Low',
    },
  };
}

function publication(kind: keyof typeof PUBLICATIONS): Article<Timestamp> {
  const future = kind === 'scheduled';
  return {
    title: `A ${kind} item`,
    description: 'Stay safe on campus',
    timestamp: Timestamp.fromMillis(Date.now() + (future ? 7 : -1) * DAY_MS),
    isArchived: kind === 'archived',
    isScheduled: future,
  };
}

export function validRelease(version: string): Omit<Release<Timestamp>, 'timestamp'> {
  return {
    version,
    versionCode: 3,
    notes: 'Faster reporting',
    storagePath: `releases/${version}/campus-safety.apk`,
    size: 12_345_678,
    md5Hash: '1B2M2Y8AsgTpgAmY7PhCfg==',
    contentType: 'application/vnd.android.package-archive',
    isArchived: false,
  };
}

/** The staff_directory name of a seeded actor (first name from the uid, as userDoc makes it). */
export function directoryName(actor: Actor): string {
  return `${actor.uid.replace(/[^a-z]/g, '')} Tester`;
}

function put(batch: WriteBatch, db: Firestore, path: string, data: object) {
  batch.set(doc(db, path), data);
}

/** A users doc and, for live staff, the staff_directory entry the user trigger would keep. */
function putUser(batch: WriteBatch, db: Firestore, uid: string, profile: UserProfile<Timestamp>) {
  put(batch, db, `${COLLECTIONS.users}/${uid}`, profile);
  const entry = staffDirectoryEntry({ ...profile });
  if (entry) put(batch, db, `${COLLECTIONS.staffDirectory}/${uid}`, entry);
}

/** Writes the whole fixture in one batch; `db` must bypass rules. */
export async function seedFirestore(db: Firestore): Promise<void> {
  const batch = writeBatch(db);
  const users = COLLECTIONS.users;
  // The institution's campuses, as the seed saves them, and one retired campus.
  put(batch, db, `${COLLECTIONS.settings}/${SETTING_IDS.campuses}`, {
    campuses: toStoredCampuses([...DEMO_CAMPUSES, RETIRED_CAMPUS]),
    updatedAt: Timestamp.now(),
    updatedBy: { uid: 'seed', name: 'Seed' },
  });
  // The vocabularies as saveSetting saves them: no type or code is named in the rules.
  const byStarter = { updatedAt: Timestamp.now(), updatedBy: { uid: 'seed', name: 'Seed' } };
  put(batch, db, `${COLLECTIONS.settings}/${SETTING_IDS.incidentTypes}`, {
    types: toStoredIncidentTypes([
      ...DEFAULT_INCIDENT_TYPES,
      { type: ADDED_TYPE, label: 'Noise', offered: true, clery: 'notCrime' },
      { type: RETIRED_TYPE, label: 'Old type', offered: false, clery: null },
    ]),
    ...byStarter,
  });
  put(batch, db, `${COLLECTIONS.settings}/${SETTING_IDS.declineReasons}`, {
    reasons: [...DECLINE_REASONS],
    ...byStarter,
  });
  put(batch, db, `${COLLECTIONS.settings}/${SETTING_IDS.resolveCodes}`, {
    codes: [...RESOLVE_CODES.filter((c) => c !== DROPPED_RESOLVE_CODE), ADDED_RESOLVE_CODE],
    ...byStarter,
  });
  const { appUser, otherAppUser, imtSameCampus, imtOtherCampus, admin, archivedStaff } = ACTORS;
  for (const actor of [appUser, otherAppUser, imtSameCampus, imtOtherCampus, admin]) {
    putUser(batch, db, actor.uid, userDoc(actor));
  }
  putUser(batch, db, archivedStaff.uid, userDoc(archivedStaff, { isArchived: true }));
  putUser(batch, db, ACTORS.demotedStaff.uid, userDoc(ACTORS.demotedStaff, { role: 'User' }));
  putUser(batch, db, ACTORS.movedImt.uid, userDoc(ACTORS.movedImt, { campus: OTHER_CAMPUS }));
  putUser(batch, db, ACTORS.unverifiedUser.uid, userDoc(ACTORS.unverifiedUser));
  putUser(batch, db, ACTORS.unverifiedImt.uid, userDoc(ACTORS.unverifiedImt));
  putUser(batch, db, COLLEAGUE.uid, {
    ...userDoc(imtSameCampus),
    email: COLLEAGUE.email,
    firstName: 'Colleague',
    firstNameLowerCase: 'colleague',
  });
  put(batch, db, `${COLLECTIONS.roster}/S1`, {
    externalId: 'S1',
    name: 'Ana Cruz',
    email: 'a@example.edu',
    phone: '+639171234567',
    campus: SAME_CAMPUS,
    affiliation: 'student',
    language: null,
    status: 'active',
    uid: null,
    contentHash: 'seeded',
  });
  put(batch, db, `${users}/${appUser.uid}/${COLLECTIONS.notifications}/${NOTIFICATION}`, {
    title: 'Processing',
    color: 'orange',
    icon: 'report',
    message: 'Your report is being processed',
    isRead: false,
    timestamp: reportTime,
    type_id: REPORTS.processing,
    type: 'report',
  });

  const reports = COLLECTIONS.incidentReports;
  const alice = appUser;
  put(batch, db, `${reports}/${REPORTS.reported}`, incident(alice, SAME_CAMPUS));
  put(
    batch,
    db,
    `${reports}/${REPORTS.processing}`,
    incident(alice, SAME_CAMPUS, {
      status: 'Processing',
      assignedTo: assignee,
      threatLevel: 'Moderate',
      tags: [TAG],
      waitingTimeInMinutes: 12,
    }),
  );
  put(
    batch,
    db,
    `${reports}/${REPORTS.responded}`,
    incident(otherAppUser, SAME_CAMPUS, {
      status: 'Responded',
      assignedTo: assignee,
      threatLevel: 'Moderate',
      tags: [TAG],
      waitingTimeInMinutes: 12,
      responseTimeInMinutes: 30,
    }),
  );
  put(
    batch,
    db,
    `${reports}/${REPORTS.resolved}`,
    incident(alice, SAME_CAMPUS, {
      status: 'Resolved',
      assignedTo: assignee,
      threatLevel: 'Low',
    }),
  );
  put(
    batch,
    db,
    `${reports}/${REPORTS.declined}`,
    incident(alice, SAME_CAMPUS, {
      status: 'Declined',
      declineReason: 'Duplicate report',
      declineDescription: 'Same as an earlier report',
    }),
  );
  put(
    batch,
    db,
    `${reports}/${REPORTS.archived}`,
    incident(alice, SAME_CAMPUS, { isArchived: true }),
  );
  put(batch, db, `${reports}/${REPORTS.otherCampus}`, incident(otherAppUser, OTHER_CAMPUS));
  // As fileAnonymousReport writes it: the report without email or reporterId, the server-only
  // link and the reporter's own.
  const { email: _email, reporterId: _reporterId, ...named } = incident(alice, SAME_CAMPUS);
  put(batch, db, `${reports}/${REPORTS.anonymous}`, { ...named, anonymous: true });
  put(batch, db, `${COLLECTIONS.anonymousReporters}/${REPORTS.anonymous}`, {
    uid: alice.uid,
    filedAt: reportTime,
  });
  put(batch, db, `${users}/${alice.uid}/${COLLECTIONS.anonymousReports}/${REPORTS.anonymous}`, {
    filedAt: reportTime,
  });
  for (const [reportId, author, reporter] of [
    [REPORTS.reported, imtSameCampus, alice],
    [REPORTS.archived, imtSameCampus, alice],
    [REPORTS.otherCampus, imtOtherCampus, otherAppUser],
  ] as const) {
    put(batch, db, `${reports}/${reportId}/${COLLECTIONS.messages}/${MESSAGE}`, {
      text: 'He ran towards the library.',
      authorUid: reporter.uid,
      authorRole: 'reporter',
      sentAt: reportTime,
    });
    put(batch, db, `${reports}/${reportId}/${COLLECTIONS.recordCounts}/${COLLECTIONS.messages}`, {
      count: SEEDED_MESSAGE_COUNT,
      lastId: MESSAGE,
    });
    put(batch, db, `${reports}/${reportId}/${COLLECTIONS.timeline}/${TIMELINE_ENTRY}`, {
      kind: 'reported',
      at: reportTime,
      actor: { uid: alice.uid, name: 'appalice Tester', role: 'User' },
      status: 'Reported',
      detail: 'Theft reported',
    });
    put(batch, db, `${reports}/${reportId}/${COLLECTIONS.internalNotes}/${NOTE}`, {
      text: 'Reporter asked to stay anonymous.',
      authorId: author.uid,
      authorName: directoryName(author),
      at: reportTime,
    });
    put(
      batch,
      db,
      `${reports}/${reportId}/${COLLECTIONS.recordCounts}/${COLLECTIONS.internalNotes}`,
      {
        count: SEEDED_NOTE_COUNT,
        lastId: NOTE,
      },
    );
  }
  const onCall = {
    campus: SAME_CAMPUS,
    rotation: {
      members: [{ uid: imtSameCampus.uid, displayName: directoryName(imtSameCampus) }],
      startDay: '2026-01-01',
      handoffTime: '08:00',
      shiftDays: 7,
    },
    overrides: [],
    autoAssign: false,
    updatedAt: reportTime,
    updatedBy: { uid: 'admin', name: 'Ada Admin' },
  };
  put(batch, db, `${COLLECTIONS.onCallSchedules}/${SAME_CAMPUS}`, onCall);
  put(batch, db, `${COLLECTIONS.onCallSchedules}/${SAME_CAMPUS}/history/1`, {
    at: reportTime,
    by: onCall.updatedBy,
    before: null,
    after: onCall,
  });
  put(batch, db, `${COLLECTIONS.campusLeads}/${SAME_CAMPUS}`, {
    uid: imtSameCampus.uid,
    displayName: directoryName(imtSameCampus),
    email: imtSameCampus.email,
    updatedAt: reportTime,
  });

  const accomplishments = COLLECTIONS.accomplishmentReports;
  const sub = (reportId: string, id: string) => `${reports}/${reportId}/${accomplishments}/${id}`;
  put(batch, db, sub(REPORTS.responded, ACCOMPLISHMENTS.live), accomplishment(false));
  put(batch, db, sub(REPORTS.responded, ACCOMPLISHMENTS.archived), accomplishment(true));
  put(batch, db, sub(REPORTS.otherCampus, ACCOMPLISHMENTS.otherCampus), accomplishment(false));
  put(
    batch,
    db,
    `${accomplishments}/${ACCOMPLISHMENTS.live}`,
    accomplishmentCopy(REPORTS.responded, SAME_CAMPUS, false),
  );
  put(
    batch,
    db,
    `${accomplishments}/${ACCOMPLISHMENTS.archived}`,
    accomplishmentCopy(REPORTS.responded, SAME_CAMPUS, true),
  );
  put(
    batch,
    db,
    `${accomplishments}/${ACCOMPLISHMENTS.otherCampus}`,
    accomplishmentCopy(REPORTS.otherCampus, OTHER_CAMPUS, false),
  );

  put(batch, db, `${COLLECTIONS.tags}/${TAG}`, { name: TAG });
  for (const kind of Object.keys(PUBLICATIONS) as (keyof typeof PUBLICATIONS)[]) {
    const item = publication(kind);
    put(batch, db, `${COLLECTIONS.articles}/${kind}`, item);
    const { description, ...rest } = item;
    put(batch, db, `${COLLECTIONS.announcements}/${kind}`, {
      ...rest,
      body: description,
      tags: [TAG],
    });
  }
  put(batch, db, `${COLLECTIONS.releases}/${RELEASES.live}`, {
    ...validRelease('1.2.0'),
    timestamp: reportTime,
  });
  put(batch, db, `${COLLECTIONS.releases}/${RELEASES.archived}`, {
    ...validRelease('1.1.0'),
    isArchived: true,
    timestamp: reportTime,
  });
  for (const campus of [SAME_CAMPUS, OTHER_CAMPUS]) {
    put(batch, db, `${COLLECTIONS.incidentStats}/${incidentStatsId(campus)}`, {
      campus,
      total: 1,
      byStatus: { Reported: 1 },
      byThreatLevel: { Unassessed: 1 },
      byIncidentType: { Fire: 1 },
      openByDay: { [STATS_DAY]: 1 },
      responseTimeInMinutes: { sum: 0, count: 0 },
      waitingTimeInMinutes: { sum: 0, count: 0 },
      updatedAt: reportTime,
    });
    put(
      batch,
      db,
      `${COLLECTIONS.incidentStats}/${incidentStatsId(campus)}/${INCIDENT_STATS_DAYS}/${STATS_DAY}`,
      {
        campus,
        day: STATS_DAY,
        total: 1,
        byStatus: { Reported: 1 },
        byThreatLevel: { Unassessed: 1 },
        byIncidentType: { Fire: 1 },
        byTag: {},
        waiting: {},
        response: {},
        updatedAt: reportTime,
      },
    );
  }
  for (const [kind, id] of [
    ['release', FILE_CHECKS.release],
    ['image', FILE_CHECKS.image],
  ] as const) {
    put(batch, db, `${COLLECTIONS.fileChecks}/${id}`, {
      path: decodeURIComponent(id),
      kind,
      state: 'ok',
      reason: null,
      detectedType: kind === 'release' ? 'zip' : 'png',
      size: 5000,
      sha256: kind === 'release' ? 'ab'.repeat(32) : null,
      checkedAt: reportTime,
    });
  }
  put(batch, db, `${COLLECTIONS.pushMessages}/${PUSH_MESSAGE}`, {
    tokens: ['device-app-alice'],
    payload: {
      title: 'Processing',
      body: 'Your report',
      type: 'report',
      type_id: REPORTS.processing,
    },
    state: 'sent',
    transport: 'emulator',
    timestamp: reportTime,
  });
  await batch.commit();
}
