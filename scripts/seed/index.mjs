/**
 * Seeds the emulators with demo data through firebase-admin: Auth users with custom claims,
 * `users` profiles and the `staff_directory`, incidents (with accomplishment reports and their top-level copies), tags,
 * articles, announcements and an app release file in Storage.
 *
 * Run inside `npm start` (when the data is empty or with --fresh) or by hand against a running
 * stack: `npm run seed`. Needs FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST /
 * FIREBASE_STORAGE_EMULATOR_HOST (defaults to the stack's ports).
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import {
  LAST_LOCATION_LIMITS,
  coarseLocation,
  DEFAULT_INSTITUTION,
  addDays,
  dayInZone,
  CLERY_LOG,
  COLLECTIONS,
  fullName,
  STORAGE_PATHS,
  cleanTagName,
  staffDirectoryEntry,
  tagId,
} from '@campus-safety/model';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { DEMO_CAMPUSES } from '@campus-safety/model/demo';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { PROJECT_ID, STORAGE_BUCKET, emulatorEndpoints } from '../lib/paths.mjs';
import { writeStarterSettings } from '../setup/starter-settings.mjs';
import { DEMO_ADMIN, REPORTERS, STAFF } from './accounts.mjs';
import { seededRandom } from './campuses.mjs';
import { buildCleryRecords } from './clery.mjs';
import { buildConversations } from './conversations.mjs';
import { SEED_RELEASE, SEED_TAGS, buildAnnouncements, buildArticles } from './content.mjs';
import { buildIncidents, campusImt } from './incidents.mjs';
import { demoReleaseBuild } from './release-build.mjs';

const SEED = 20261122;

function ensureEmulatorEnv() {
  const endpoints = emulatorEndpoints();
  const hostOf = (name) => `${endpoints[name].host}:${endpoints[name].port}`;
  process.env.FIRESTORE_EMULATOR_HOST ??= hostOf('firestore');
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= hostOf('auth');
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= hostOf('storage');
}

function openApp() {
  ensureEmulatorEnv();
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: STORAGE_BUCKET },
    `seed-${Date.now()}-${Math.random()}`,
  );
  return { app, db: getFirestore(app), auth: getAuth(app), storage: getStorage(app) };
}

async function upsertAuthUser(auth, account) {
  const properties = {
    email: account.email,
    password: account.password,
    displayName: `${account.firstName} ${account.lastName}`,
    emailVerified: true,
    disabled: Boolean(account.isArchived),
  };
  try {
    await auth.updateUser(account.uid, properties);
  } catch (error) {
    if (error.code !== 'auth/user-not-found') throw error;
    await auth.createUser({ uid: account.uid, ...properties });
  }
  if (account.secondFactorPhone) {
    // Only an update takes the enrolment id the Auth emulator needs; a fixed one keeps
    // re-seeding idempotent.
    await auth.updateUser(account.uid, {
      multiFactor: {
        enrolledFactors: [
          {
            uid: `${account.uid}-phone`,
            factorId: 'phone',
            phoneNumber: account.secondFactorPhone,
            displayName: 'Demo phone',
          },
        ],
      },
    });
  }
  // Claims are set here, as the Admin callables set them, so the seed does not depend on timing.
  // A reporter's campus is their own choice in their users doc, never a claim.
  await auth.setCustomUserClaims(account.uid, {
    role: account.role,
    campus: account.role === 'User' ? null : account.campus,
  });
}

function profileOf(account, registeredAt, index) {
  return {
    firstName: account.firstName,
    firstNameLowerCase: account.firstName.toLowerCase(),
    lastName: account.lastName,
    email: account.email,
    contactNumber: `+63 917 555 ${String(1000 + index * 137).slice(-4)}`,
    address: `${12 + index} Acacia Street, University Village`,
    birthday: `${1985 + (index % 15)}-0${1 + (index % 9)}-1${index % 9}`,
    profileUrl: '',
    role: account.role,
    campus: account.campus,
    ...(account.affiliation ? { affiliation: account.affiliation } : {}),
    isArchived: Boolean(account.isArchived),
    isUsingDefaultPassword: false,
    // The Auth users are created verified (upsertAuthUser); the doc mirrors it (issue 17).
    emailVerified: true,
    registrationDate: registeredAt.toISOString(),
    registrationDateTimestamp: registeredAt,
    deviceToken: account.deviceToken ?? [],
  };
}

/** Writes in chunks under Firestore's 500-writes-per-batch limit. */
async function writeAll(db, writes) {
  for (let i = 0; i < writes.length; i += 400) {
    const batch = db.batch();
    for (const [path, data] of writes.slice(i, i + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

async function uploadRelease(storage, now) {
  const content = demoReleaseBuild(SEED_RELEASE.version);
  const storagePath = STORAGE_PATHS.releaseBuild(SEED_RELEASE.id, SEED_RELEASE.fileName);
  const file = storage.bucket().file(storagePath);
  await file.save(content, {
    contentType: SEED_RELEASE.contentType,
    metadata: { metadata: { version: SEED_RELEASE.version } },
    resumable: false,
  });
  return {
    version: SEED_RELEASE.version,
    versionCode: SEED_RELEASE.versionCode,
    notes: SEED_RELEASE.notes,
    storagePath,
    size: content.length,
    md5Hash: createHash('md5').update(content).digest('base64'),
    contentType: SEED_RELEASE.contentType,
    timestamp: now,
    isArchived: false,
  };
}

/** Seeds everything; returns a one-line summary. Safe to run again (it overwrites its own ids). */
export async function seedDemoData({ now = new Date() } = {}) {
  const { app, db, auth, storage } = openApp();
  try {
    const random = seededRandom(SEED);
    const accounts = [...STAFF, ...REPORTERS];
    await Promise.all(accounts.map((account) => upsertAuthUser(auth, account)));

    // The settings a new deployment starts with, through the setup command's own module, first
    // (as before), so the triggers of the seeded reports read them; the demo puts them back as
    // they were (a second factor for Admins stays off, so the demo sign-ins stay one step).
    await writeStarterSettings(db, { now, replace: true, campuses: DEMO_CAMPUSES });
    const writes = [];
    accounts.forEach((account, index) => {
      const profile = profileOf(
        account,
        new Date(now.getTime() - (60 + index * 3) * 86_400_000),
        index,
      );
      writes.push([`${COLLECTIONS.users}/${account.uid}`, profile]);
      // The directory entry the user trigger keeps, written here too (as the claims are), so the
      // assign dialog has its staff at once; the trigger's own write finds it equal.
      const entry = staffDirectoryEntry(profile);
      if (entry) writes.push([`${COLLECTIONS.staffDirectory}/${account.uid}`, entry]);
    });
    for (const name of SEED_TAGS) {
      writes.push([`${COLLECTIONS.tags}/${tagId(name)}`, { name: cleanTagName(name) }]);
    }
    for (const { id: campus } of DEMO_CAMPUSES) {
      const lead = campusImt(campus);
      writes.push([
        `${COLLECTIONS.campusLeads}/${campus}`,
        { uid: lead.uid, displayName: fullName(lead), email: lead.email, updatedAt: now },
      ]);
    }
    // A demo rotation per campus (docs/console.md#on-call): the campus's IMT member this week
    // (from yesterday, handing off at 08:00 programme time), then the second Admin; automatic
    // assignment off, so the seeded reports stay as they are.
    const backup = STAFF.filter((s) => s.role === 'Admin' && !s.isArchived).at(-1);
    for (const { id: campus } of DEMO_CAMPUSES) {
      const members = [campusImt(campus), backup].map((p) => ({
        uid: p.uid,
        displayName: fullName(p),
      }));
      writes.push([
        `${COLLECTIONS.onCallSchedules}/${campus}`,
        {
          campus,
          rotation: {
            members,
            startDay: addDays(dayInZone(now, DEFAULT_INSTITUTION.timeZone), -1),
            handoffTime: '08:00',
            shiftDays: 7,
          },
          overrides: [],
          autoAssign: false,
          updatedAt: now,
          updatedBy: { uid: DEMO_ADMIN.uid, name: fullName(DEMO_ADMIN) },
        },
      ]);
    }
    // Two reporters share their location (docs/locations.md#demo), one on Main Campus and one on
    // North Campus, so an alert to the people located on a campus reaches someone in the demo
    // (for LAST_LOCATION_LIMITS.keepHours after seeding).
    for (const [uid, campus] of [
      [REPORTERS[0].uid, DEMO_CAMPUSES[0]],
      [REPORTERS[2].uid, DEMO_CAMPUSES[1]],
    ]) {
      writes.push([
        `${COLLECTIONS.lastLocations}/${uid}`,
        {
          ...coarseLocation(campus.centre),
          at: now,
          expiresAt: new Date(now.getTime() + LAST_LOCATION_LIMITS.keepHours * 3_600_000),
        },
      ]);
    }
    const incidents = buildIncidents(now, random);
    let accomplishments = 0;
    for (const {
      id,
      data,
      timeline,
      notes,
      escalation,
      accomplishment,
      anonymousReporter,
    } of incidents) {
      const incidentPath = `${COLLECTIONS.incidentReports}/${id}`;
      if (anonymousReporter) {
        writes.push([
          `${COLLECTIONS.anonymousReporters}/${id}`,
          { uid: anonymousReporter, filedAt: data.timestamp },
        ]);
        writes.push([
          `${COLLECTIONS.users}/${anonymousReporter}/${COLLECTIONS.anonymousReports}/${id}`,
          { filedAt: data.timestamp },
        ]);
      }
      // The timeline goes first: the created trigger finds the "reported" entry and leaves the
      // report alone (no notification, no second entry).
      for (const { id: entryId, ...entry } of timeline) {
        writes.push([`${incidentPath}/${COLLECTIONS.timeline}/${entryId}`, entry]);
      }
      for (const { id: noteId, ...note } of notes) {
        writes.push([`${incidentPath}/${COLLECTIONS.internalNotes}/${noteId}`, note]);
      }
      // The counts the console keeps with each note and accomplishment (docs/security-rules.md
      // #bounded-records), so the bound holds for seeded reports too.
      if (notes.length > 0) {
        writes.push([
          `${incidentPath}/${COLLECTIONS.recordCounts}/${COLLECTIONS.internalNotes}`,
          { count: notes.length, lastId: notes[notes.length - 1].id },
        ]);
      }
      if (accomplishment) {
        writes.push([
          `${incidentPath}/${COLLECTIONS.recordCounts}/${COLLECTIONS.accomplishmentReports}`,
          { count: 1, lastId: accomplishment.id },
        ]);
      }
      for (const uid of escalation?.recipients ?? []) {
        writes.push([
          `${COLLECTIONS.users}/${uid}/${COLLECTIONS.notifications}/escalation-${id}`,
          escalation.notification,
        ]);
      }
      writes.push([incidentPath, data]);
      if (accomplishment) {
        accomplishments += 1;
        // Written both ways, as the accomplishment trigger would leave them, so the lists are
        // complete at once; the trigger's own copy of the same id writes the same content.
        writes.push([
          `${COLLECTIONS.incidentReports}/${id}/${COLLECTIONS.accomplishmentReports}/${accomplishment.id}`,
          accomplishment.data,
        ]);
        writes.push([
          `${COLLECTIONS.accomplishmentReports}/${accomplishment.id}`,
          accomplishment.copy,
        ]);
      }
    }
    for (const { incidentId, messages } of buildConversations(incidents)) {
      const incidentPath = `${COLLECTIONS.incidentReports}/${incidentId}`;
      for (const { id, data } of messages)
        writes.push([`${incidentPath}/${COLLECTIONS.messages}/${id}`, data]);
      // The count the rules keep with each message (docs/security-rules.md#bounded-records).
      writes.push([
        `${incidentPath}/${COLLECTIONS.recordCounts}/${COLLECTIONS.messages}`,
        { count: messages.length, lastId: messages[messages.length - 1].id },
      ]);
    }
    const clery = buildCleryRecords(now, incidents, random);
    for (const { id, data, timeline } of clery.incidents) {
      for (const { id: entryId, ...entry } of timeline)
        writes.push([
          `${COLLECTIONS.incidentReports}/${id}/${COLLECTIONS.timeline}/${entryId}`,
          entry,
        ]);
      writes.push([`${COLLECTIONS.incidentReports}/${id}`, data]);
    }
    for (const { id, data, log } of clery.records) {
      writes.push([`${COLLECTIONS.cleryRecords}/${id}`, data]);
      for (const { id: entryId, ...entry } of log)
        writes.push([`${COLLECTIONS.cleryRecords}/${id}/${CLERY_LOG}/${entryId}`, entry]);
    }
    const articles = buildArticles(now);
    const announcements = buildAnnouncements(now);
    for (const { id, ...data } of articles) writes.push([`${COLLECTIONS.articles}/${id}`, data]);
    for (const { id, ...data } of announcements) {
      writes.push([`${COLLECTIONS.announcements}/${id}`, data]);
    }
    writes.push([`${COLLECTIONS.releases}/${SEED_RELEASE.id}`, await uploadRelease(storage, now)]);
    await writeAll(db, writes);

    return (
      `${accounts.length} accounts, ${incidents.length + clery.incidents.length} incidents, ${accomplishments} accomplishment reports, ` +
      `${clery.records.length} Clery records, ` +
      `${SEED_TAGS.length} tags, ${articles.length} articles, ${announcements.length} announcements, 1 release`
    );
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  seedDemoData().then(
    (summary) => console.log(`Seeded: ${summary}`),
    (error) => {
      console.error(`Seeding failed: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
