/**
 * The setup command (docs/setup.md#first-admin) and the migrate command
 * (docs/institution.md#upgrade) as an operator runs them: `scripts/setup/index.mjs` or
 * `scripts/migrate/index.mjs` in a child process, against the emulator suite run.mjs starts. The Admin SDK here only arranges
 * and observes. Each group starts from empty emulators.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  DEFAULT_SETTING_VALUES,
  SETTING_IDS,
  STARTER_SETTINGS_EDITOR,
  parseInvitationCode,
} from '@campus-safety/model';
import { hostPorts, suiteEndpoints } from '@campus-safety/testkit/emulator-suite';
import { redeemInvitation } from '../../../functions/src/services/invitations.ts';
import { signInWithPassword } from '../../lib/auth-rest.mjs';
import { SETUP_CALLER } from '../first-admin.mjs';
import { starterSettings } from '../starter-settings.mjs';

const SETUP = fileURLToPath(new URL('../index.mjs', import.meta.url));
const MIGRATE = fileURLToPath(new URL('../../migrate/index.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PROJECT = process.env.GCLOUD_PROJECT;
const hosts = hostPorts(suiteEndpoints());
const EMULATORS = {
  FIRESTORE_EMULATOR_HOST: hosts.firestore,
  FIREBASE_AUTH_EMULATOR_HOST: hosts.auth,
};
Object.assign(process.env, EMULATORS);
const app = initializeApp({ projectId: PROJECT }, 'setup-test');
const db = getFirestore(app);
const auth = getAuth(app);
after(() => deleteApp(app));

/** Runs a command (`npm run setup -- …`) as a separate process with `env`'s emulator variables only. */
function runCommand(script, args, env = EMULATORS) {
  const childEnv = { ...process.env };
  for (const name of Object.keys(EMULATORS)) delete childEnv[name];
  Object.assign(childEnv, env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
const runSetup = (args, env) => runCommand(SETUP, args, env);

async function clearEmulators() {
  for (const url of [
    `http://${hosts.firestore}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
    `http://${hosts.auth}/emulator/v1/projects/${PROJECT}/accounts`,
  ]) {
    const response = await fetch(url, { method: 'DELETE' });
    assert.ok(response.ok, `clearing ${url}: ${response.status}`);
  }
}

/** Every document (with its update time) and every Auth user's credentials and claims. */
async function everything() {
  const docs = {};
  const walk = async (collections) => {
    for (const collection of collections) {
      for (const doc of (await collection.get()).docs) {
        docs[doc.ref.path] = { at: doc.updateTime.toMillis(), data: JSON.stringify(doc.data()) };
        await walk(await doc.ref.listCollections());
      }
    }
  };
  await walk(await db.listCollections());
  const { users } = await auth.listUsers();
  return {
    docs,
    users: users.map((u) => ({
      uid: u.uid,
      email: u.email,
      emailVerified: u.emailVerified,
      disabled: u.disabled,
      claims: u.customClaims ?? null,
      password: `${u.passwordHash}:${u.passwordSalt}`,
      validAfter: u.tokensValidAfterTime,
    })),
  };
}

function invitationIn(stdout) {
  const link = /(\S+)\/invitation#(\S+)/.exec(stdout);
  assert.ok(link, `no invitation link in:\n${stdout}`);
  const parsed = parseInvitationCode(link[2]);
  assert.ok(parsed, link[2]);
  return { origin: link[1], ...parsed };
}

async function auditActions(uid) {
  const entries = await db.collection(COLLECTIONS.accountAudit).where('uid', '==', uid).get();
  return entries.docs.map((d) => `${d.get('action')} by ${d.get('byUid')}`).sort();
}

/** The first Admin proves the address: redeem (their own password), then the token says whether it is verified. */
async function redeemAndSignIn(email, invitation) {
  const password = 'the first admin passphrase';
  const deps = { db, auth, now: () => new Date() };
  await redeemInvitation(deps, { uid: invitation.uid, secret: invitation.secret, password });
  const { idToken } = await signInWithPassword(hosts.auth, email, password);
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
}

const ADA = 'Ada.First@Campus.test';
const ada = ADA.toLowerCase();

describe('bad arguments', () => {
  before(clearEmulators);

  test('are refused with the reason and change nothing', async () => {
    const ok = ['--project', PROJECT, '--admin', ada, '--name', 'Ada Lovelace'];
    const before = await everything();
    // The whole list of argument checks is scripts/test/setup-args.test.mjs; here, that the
    // command stops on them before it touches the project.
    const cases = [
      [['--project', PROJECT, '--admin', 'ada-at-campus.test'], EMULATORS, /valid email address/],
      [['--project', 'campus-safety-prod', '--admin', ada], EMULATORS, /must be a demo-… id/],
      [
        ['--project', PROJECT, '--admin', ada],
        { FIRESTORE_EMULATOR_HOST: hosts.firestore },
        /Only FIRESTORE_EMULATOR_HOST is set/,
      ],
      [[...ok.slice(0, 4), '--name', 'Cher'], EMULATORS, /a first and a last name/],
    ];
    for (const [args, env, reason] of cases) {
      const { code, stderr } = await runSetup(args, env);
      assert.equal(code, 2, `${args.join(' ')}: exit ${code}\n${stderr}`);
      assert.match(stderr, reason);
      assert.match(stderr, /Usage: npm run setup/);
    }
    // A new address without a name is a refusal after looking, not a usage error.
    const unnamed = await runSetup(['--project', PROJECT, '--admin', ada]);
    assert.equal(unnamed.code, 1, unnamed.stderr);
    assert.match(unnamed.stderr, /Refused, nothing changed: .* has no account yet: give .* --name/);
    assert.deepEqual(await everything(), before);
  });
});

describe('a new deployment', () => {
  const savedByAdmin = {
    ...DEFAULT_SETTING_VALUES.responseTargets,
    updatedAt: Timestamp.fromMillis(Date.UTC(2026, 10, 1)),
    updatedBy: { uid: 'earlier-admin', name: 'Earlier Admin' },
  };
  let invitation;
  before(async () => {
    await clearEmulators();
    // A setting somebody already saved (a half-set-up project): setup must keep it as it is.
    await db.collection(COLLECTIONS.settings).doc(SETTING_IDS.responseTargets).set(savedByAdmin);
  });

  test('the first run creates the Admin with an invitation and writes the missing starter settings', async () => {
    const keptBefore = await db.doc(`${COLLECTIONS.settings}/${SETTING_IDS.responseTargets}`).get();
    const { code, stdout, stderr } = await runSetup([
      '--project',
      PROJECT,
      '--admin',
      ADA,
      '--name',
      'Ada King Lovelace',
    ]);
    assert.equal(code, 0, stderr);
    invitation = invitationIn(stdout);
    assert.equal(invitation.origin, 'http://127.0.0.1:5000');

    const user = await auth.getUserByEmail(ada);
    assert.equal(user.uid, invitation.uid, 'the link names the account');
    assert.equal(user.emailVerified, false, 'nobody verified the address for the person');
    assert.equal(user.displayName, 'Ada King Lovelace');
    assert.deepEqual(user.customClaims, { role: 'Admin', campus: null });
    const profile = (await db.doc(`${COLLECTIONS.users}/${user.uid}`).get()).data();
    assert.equal(profile.role, 'Admin');
    assert.equal(profile.campus, null);
    assert.equal(profile.isArchived, false);
    assert.equal(profile.emailVerified, false);
    assert.equal(profile.firstName, 'Ada King');
    assert.equal(profile.lastName, 'Lovelace');
    assert.equal(profile.isUsingDefaultPassword, true);
    const stored = (await db.doc(`${COLLECTIONS.invitations}/${user.uid}`).get()).data();
    assert.equal(stored.secretHash, createHash('sha256').update(invitation.secret).digest('hex'));
    assert.deepEqual(await auditActions(user.uid), [`createAccount by ${SETUP_CALLER.uid}`]);

    for (const { id, data } of starterSettings(new Date())) {
      const doc = await db.doc(`${COLLECTIONS.settings}/${id}`).get();
      assert.ok(doc.exists, `settings/${id} written`);
      if (id === SETTING_IDS.responseTargets) continue;
      const { updatedAt: _at, ...value } = data;
      const { updatedAt: _savedAt, ...saved } = doc.data();
      assert.deepEqual(saved, value, `settings/${id}`);
      if ('updatedBy' in data) assert.deepEqual(doc.get('updatedBy'), STARTER_SETTINGS_EDITOR);
    }
    const kept = await db.doc(`${COLLECTIONS.settings}/${SETTING_IDS.responseTargets}`).get();
    assert.deepEqual(kept.updateTime, keptBefore.updateTime, 'the saved setting was not rewritten');
    assert.match(stdout, new RegExp(`kept as they were: ${SETTING_IDS.responseTargets}\\n`));
  });

  test('a second run refuses and changes nothing', async () => {
    const before = await everything();
    for (const email of ['grace@campus.test', ada]) {
      const { code, stderr } = await runSetup([
        '--project',
        PROJECT,
        '--admin',
        email,
        '--name',
        'Grace Hopper',
      ]);
      assert.equal(code, 1, stderr);
      assert.match(stderr, new RegExp(`already has an Admin: ${ada} \\(uid ${invitation.uid}\\)`));
      assert.match(stderr, /has not verified their address yet/);
    }
    assert.deepEqual(await everything(), before);
    await assert.rejects(auth.getUserByEmail('grace@campus.test'), { code: 'auth/user-not-found' });
  });

  test('the invitation sets the Admin’s own password; the address is still to be verified', async () => {
    const token = await redeemAndSignIn(ada, invitation);
    assert.equal(token.user_id, invitation.uid);
    assert.equal(token.role, 'Admin');
    assert.equal(token.email_verified, false, 'the role counts only once they verify it');
  });
});

describe('an address that already has an account', () => {
  before(clearEmulators);
  const PASSWORD = 'reporter chosen passphrase';

  async function reporter(email, { emailVerified }) {
    const user = await auth.createUser({ email, password: PASSWORD, emailVerified });
    await db.doc(`${COLLECTIONS.users}/${user.uid}`).set({
      firstName: 'Rita',
      firstNameLowerCase: 'rita',
      lastName: 'Reporter',
      email,
      role: 'User',
      campus: null,
      isArchived: false,
      emailVerified,
    });
    return user;
  }

  test('is refused when it never verified the address, or filed anonymous reports', async () => {
    await reporter('squatter@campus.test', { emailVerified: false });
    const filer = await reporter('filer@campus.test', { emailVerified: true });
    await db
      .doc(`${COLLECTIONS.users}/${filer.uid}/${COLLECTIONS.anonymousReports}/r1`)
      .set({ filedAt: Timestamp.now() });
    const before = await everything();
    const squatter = await runSetup(['--project', PROJECT, '--admin', 'squatter@campus.test']);
    assert.equal(squatter.code, 1, squatter.stderr);
    assert.match(squatter.stderr, /never verified the address, so it cannot be made Admin/);
    const filed = await runSetup(['--project', PROJECT, '--admin', 'filer@campus.test']);
    assert.equal(filed.code, 1, filed.stderr);
    assert.match(filed.stderr, /filed anonymous reports/);
    assert.deepEqual(await everything(), before);
  });

  test('a verified account is promoted to Admin and invited, its old password replaced', async () => {
    const rita = await reporter('rita@campus.test', { emailVerified: true });
    const { code, stdout, stderr } = await runSetup([
      '--project',
      PROJECT,
      '--admin',
      'Rita@Campus.test',
      '--console-url',
      'http://console.test/',
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /First Admin promoted: rita@campus.test/);
    const invitation = invitationIn(stdout);
    assert.equal(invitation.origin, 'http://console.test');
    assert.equal(invitation.uid, rita.uid);
    const profile = (await db.doc(`${COLLECTIONS.users}/${rita.uid}`).get()).data();
    assert.equal(profile.role, 'Admin');
    assert.equal(profile.firstName, 'Rita', 'the profile keeps its name');
    assert.deepEqual((await auth.getUser(rita.uid)).customClaims, { role: 'Admin', campus: null });
    assert.deepEqual(await auditActions(rita.uid), [
      `issueInvitation by ${SETUP_CALLER.uid}`,
      `setStaffAccess by ${SETUP_CALLER.uid}`,
    ]);
    await assert.rejects(signInWithPassword(hosts.auth, 'rita@campus.test', PASSWORD), /failed/);
    const token = await redeemAndSignIn('rita@campus.test', invitation);
    assert.equal(token.email_verified, true);
    assert.equal(token.role, 'Admin');
  });
});

describe('npm run migrate (a deployment of the previous version)', () => {
  before(clearEmulators);

  test('rekeys campus names to ids, says what it did, and a second run changes nothing', async () => {
    const imt = await auth.createUser({ email: 'nora@campus.test', emailVerified: true });
    await auth.setCustomUserClaims(imt.uid, { role: 'IMT', campus: 'North Campus' });
    await db.doc(`${COLLECTIONS.users}/${imt.uid}`).set({ role: 'IMT', campus: 'North Campus' });
    await db.doc(`${COLLECTIONS.incidentReports}/r1`).set({ nearestCampus: 'Main Campus' });
    const bad = await runCommand(MIGRATE, ['--project', PROJECT, '--admin', 'x@y.z']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Usage: npm run migrate/);

    const dry = await runCommand(MIGRATE, ['--project', PROJECT, '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /dry run: nothing written/);
    assert.match(dry.stdout, /Documents rekeyed: users 1, incident_reports 1/);
    assert.equal(
      (await db.doc(`${COLLECTIONS.incidentReports}/r1`).get()).get('nearestCampus'),
      'Main Campus',
    );

    const run = await runCommand(MIGRATE, ['--project', PROJECT]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Campuses saved from the previous version: main, north, riverside/);
    assert.match(run.stdout, /Staff campus claims rekeyed: 1/);
    assert.match(run.stdout, /Settings added with their defaults: .*decline_reasons/);
    assert.ok((await db.doc(`${COLLECTIONS.settings}/${SETTING_IDS.resolveCodes}`).get()).exists);
    assert.equal(
      (await db.doc(`${COLLECTIONS.incidentReports}/r1`).get()).get('nearestCampus'),
      'main',
    );
    assert.deepEqual((await auth.getUser(imt.uid)).customClaims, { role: 'IMT', campus: 'north' });

    const before = await everything();
    const again = await runCommand(MIGRATE, ['--project', PROJECT]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /Campuses: already saved/);
    assert.match(again.stdout, /Documents rekeyed: none/);
    assert.match(again.stdout, /Settings added with their defaults: none/);
    assert.deepEqual(await everything(), before, 'the second run wrote nothing');
  });
});
