/**
 * Issue 17 item 4: with settings/security requiring it, an Admin session without a second factor
 * is refused by Admin callables and the Admin HTTP endpoints (nothing written); an Admin who
 * signed in with an SMS code, an IMT, and any Admin while it is not required keep working.
 */
import assert from 'node:assert/strict';
import {
  COLLECTIONS,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  SECURITY_SETTINGS,
  tagId,
} from '@campus-safety/model';
import { signInWithSmsCode } from '@campus-safety/testkit/second-factor';
import { FUNCTIONS_URL, PORTS, PROJECT, account, auth, closeAll, db, unique } from './stack';

const settings = () => db.collection(SECURITY_SETTINGS.collection).doc(SECURITY_SETTINGS.id);
const emulator = { authHost: `127.0.0.1:${PORTS.auth}`, project: PROJECT };

/** A POST as the console's SDKs send it: callables wrap the input in `data`. */
async function post(path: string, body: unknown, idToken: string) {
  const res = await fetch(`${FUNCTIONS_URL}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const addTag = (name: string, idToken: string) =>
  post('addTags', { data: { names: [name] } }, idToken);
const tagExists = async (name: string) =>
  (await db.collection(COLLECTIONS.tags).doc(tagId(name)).get()).exists;

/** An Admin with a phone enrolled (verified email, as enrolment needs), signed in with its code. */
async function twoStepAdmin(): Promise<string> {
  const admin = await account({ role: 'Admin' });
  await auth.updateUser(admin.uid, {
    emailVerified: true,
    multiFactor: {
      enrolledFactors: [{ uid: 'phone-1', factorId: 'phone', phoneNumber: '+16505550123' }],
    },
  });
  return signInWithSmsCode(emulator, admin.email, 'secret-123');
}

describe('second factor for Admins (callables and HTTP endpoints)', () => {
  after(async () => {
    await settings().delete();
    await closeAll();
  });

  describe('required', () => {
    before(() => settings().set({ adminsRequireSecondFactor: true }));

    it('refuses an Admin callable to a password-only Admin session, and writes nothing', async () => {
      const admin = await account({ role: 'Admin' });
      const name = unique('mfa-tag');
      const res = await addTag(name, await admin.idToken());
      assert.equal(res.status, 403);
      assert.deepEqual(res.body.error, {
        status: 'PERMISSION_DENIED',
        message: SECOND_FACTOR_REQUIRED_MESSAGE,
      });
      assert.equal(await tagExists(name), false);
    });

    it('refuses the Admin HTTP endpoints to a password-only Admin session, and sends nothing', async () => {
      const admin = await account({ role: 'Admin' });
      const typeId = unique('guide');
      const res = await post(
        'send-notif-topic',
        { title: 'T', body: 'B', topic: 'all', type: 'guide', type_id: typeId },
        await admin.idToken(),
      );
      assert.equal(res.status, 403);
      assert.equal(res.body.error.message, SECOND_FACTOR_REQUIRED_MESSAGE);
      const sent = await db
        .collection(COLLECTIONS.pushMessages)
        .where('payload.type_id', '==', typeId)
        .get();
      assert.equal(sent.size, 0);
    });

    it('serves an Admin who signed in with an SMS code', async () => {
      const idToken = await twoStepAdmin();
      const name = unique('mfa-tag');
      const res = await addTag(name, idToken);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(await tagExists(name), true);
      const push = await post(
        'send-notif-topic',
        { title: 'T', body: 'B', topic: 'all', type: 'guide', type_id: unique('guide') },
        idToken,
      );
      assert.equal(push.status, 200, JSON.stringify(push.body));
    });

    it('leaves IMT sessions as they are', async () => {
      const imt = await account({ role: 'IMT' });
      const name = unique('mfa-tag');
      assert.equal((await addTag(name, await imt.idToken())).status, 200);
      assert.equal(await tagExists(name), true);
    });
  });

  describe('not required', () => {
    before(() => settings().set({ adminsRequireSecondFactor: false }));

    it('serves a password-only Admin session', async () => {
      const admin = await account({ role: 'Admin' });
      const name = unique('mfa-tag');
      assert.equal((await addTag(name, await admin.idToken())).status, 200);
      assert.equal(await tagExists(name), true);
    });
  });
});
