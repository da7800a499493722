import assert from 'node:assert/strict';
import { mediaAccessEnded } from '../../src/domain/media-access';
import { downloadTokensOf } from '../../src/services/download-tokens';

const imt = (campus: string, isArchived = false) => ({ role: 'IMT', campus, isArchived });
const admin = (isArchived = false) => ({ role: 'Admin', campus: null, isArchived });
const user = { role: 'User', campus: null, isArchived: false };

describe('mediaAccessEnded (docs/media.md#tokens)', () => {
  it('ends for staff archived, made app users, or whose doc is gone', () => {
    assert.equal(mediaAccessEnded(imt('main'), imt('main', true)), true);
    assert.equal(mediaAccessEnded(admin(), admin(true)), true);
    assert.equal(mediaAccessEnded(imt('main'), user), true);
    assert.equal(mediaAccessEnded(admin(), undefined), true);
  });
  it('ends for an Admin made IMT and for an IMT moved to another campus', () => {
    assert.equal(mediaAccessEnded(admin(), imt('main')), true);
    assert.equal(mediaAccessEnded(imt('main'), imt('north')), true);
  });
  it('does not end when nothing is taken away', () => {
    assert.equal(mediaAccessEnded(imt('main'), imt('main')), false);
    assert.equal(mediaAccessEnded(imt('main'), admin()), false);
    assert.equal(mediaAccessEnded(admin(), admin()), false);
    // Not staff before (an app user, an archived account, a new doc): nothing to take away.
    assert.equal(mediaAccessEnded(user, imt('main')), false);
    assert.equal(mediaAccessEnded(imt('main', true), user), false);
    assert.equal(mediaAccessEnded(undefined, admin()), false);
    // A doc whose archive flag is not plainly false never had access (as the rules read it).
    assert.equal(mediaAccessEnded({ role: 'IMT', campus: 'main' }, user), false);
  });
});

describe('downloadTokensOf', () => {
  it('reads the comma-separated custom key, and nothing else', () => {
    assert.deepEqual(downloadTokensOf({ metadata: { firebaseStorageDownloadTokens: 'a,b' } }), [
      'a',
      'b',
    ]);
    assert.deepEqual(downloadTokensOf({ metadata: { firebaseStorageDownloadTokens: '' } }), []);
    assert.deepEqual(downloadTokensOf({ metadata: { mediaChecked: 'true' } }), []);
    assert.deepEqual(downloadTokensOf({ metadata: null }), []);
    assert.deepEqual(downloadTokensOf({}), []);
  });
});
