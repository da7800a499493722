/**
 * Issue 17 item 4: when settings/security requires it, an Admin whose session has no second
 * factor (`firebase.sign_in_second_factor` absent from the token) has no Admin powers; other
 * roles and a two-step Admin are unaffected, and nobody writes the setting from a client.
 */
import { COLLECTIONS, SECURITY_SETTINGS, STORAGE_PATHS } from '@campus-safety/model';
import type { RulesTestContext } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import type { Actor, ActorName } from './support/actors';
import { storageEmulatorAvailable, useFixture, type RulesFixture } from './support/fixture';
import { describeMatrix, read, write, type Row } from './support/matrix';
import { PUSH_MESSAGE, REPORTS } from './support/seed';

const COLUMNS: readonly ActorName[] = ['admin', 'imtSameCampus', 'imtOtherCampus', 'appUser'];
const settingsDoc = (db: Firestore) => doc(db, SECURITY_SETTINGS.collection, SECURITY_SETTINGS.id);

function rows(adminPowers: boolean): Row<Firestore>[] {
  const admin: ActorName[] = adminPowers ? ['admin'] : [];
  return [
    read('get a report of another campus', ['imtOtherCampus', ...admin], (db) =>
      getDoc(doc(db, COLLECTIONS.incidentReports, REPORTS.otherCampus)),
    ),
    read('list every account', admin, (db) => getDocs(collection(db, COLLECTIONS.users))),
    read('get the push delivery log', admin, (db) =>
      getDoc(doc(db, COLLECTIONS.pushMessages, PUSH_MESSAGE)),
    ),
    // Archiving is setStaffAccess's now; an Admin still edits other accounts' profile fields.
    write('edit a colleague’s contact number', admin, (db) =>
      updateDoc(doc(db, COLLECTIONS.users, 'imt-main-2'), { contactNumber: '+1 555 0100' }),
    ),
    read('get one’s own profile', COLUMNS, (db, actor) =>
      getDoc(doc(db, COLLECTIONS.users, actor.uid)),
    ),
    read('get the security settings', COLUMNS, (db) => getDoc(settingsDoc(db))),
    write('turn the requirement off (or on)', [], (db) =>
      setDoc(settingsDoc(db), { adminsRequireSecondFactor: false }),
    ),
  ];
}

function storageRows(adminPowers: boolean): Row<FirebaseStorage>[] {
  return [
    write('upload a guide image', adminPowers ? ['admin'] : [], (storage) =>
      uploadBytes(
        ref(storage, STORAGE_PATHS.articleImage('mfa-guide', 'photo.png')),
        new Uint8Array(1024),
        { contentType: 'image/png' },
      ),
    ),
  ];
}

/** Each actor's session as after a sign-in with an SMS code: the token names the factor. */
function twoStepContexts() {
  const contexts = new Map<ActorName, RulesTestContext>();
  return (fixture: RulesFixture, actor: Actor): RulesTestContext => {
    let context = contexts.get(actor.name);
    if (!context) {
      context = fixture.env.authenticatedContext(actor.uid, {
        email: actor.email ?? undefined,
        email_verified: true,
        ...(actor.claims ?? {}),
        firebase: { sign_in_provider: 'password', sign_in_second_factor: 'phone' },
      } as Parameters<RulesFixture['env']['authenticatedContext']>[1]);
      contexts.set(actor.name, context);
    }
    return context;
  };
}

const SCENARIOS = [
  { title: 'required', settings: { adminsRequireSecondFactor: true } },
  { title: 'not required', settings: { adminsRequireSecondFactor: false } },
  { title: 'not set (no settings document)', settings: null },
] as const;

for (const scenario of SCENARIOS) {
  describe(`second factor for Admins ${scenario.title}`, () => {
    const fixture = useFixture({
      storage: storageEmulatorAvailable(),
      seedExtra: (env) =>
        scenario.settings === null
          ? Promise.resolve()
          : env.withSecurityRulesDisabled((context) =>
              setDoc(settingsDoc(context.firestore() as unknown as Firestore), scenario.settings),
            ),
    });
    const required = scenario.settings?.adminsRequireSecondFactor === true;
    const twoStep = twoStepContexts();
    describeMatrix<Firestore>('signed in with a password only', rows(!required), {
      fixture,
      client: (f, actor) => f.firestore(actor),
      actors: COLUMNS,
    });
    describeMatrix<Firestore>('signed in with a password and an SMS code', rows(true), {
      fixture,
      client: (f, actor) => twoStep(f, actor).firestore() as unknown as Firestore,
      actors: COLUMNS,
    });
    if (storageEmulatorAvailable()) {
      describeMatrix<FirebaseStorage>(
        'storage, signed in with a password only',
        storageRows(!required),
        {
          fixture,
          client: (f, actor) => f.storage(actor),
          actors: COLUMNS,
        },
      );
      describeMatrix<FirebaseStorage>(
        'storage, signed in with a password and an SMS code',
        storageRows(true),
        {
          fixture,
          client: (f, actor) => twoStep(f, actor).storage() as unknown as FirebaseStorage,
          actors: COLUMNS,
        },
      );
    }
  });
}
