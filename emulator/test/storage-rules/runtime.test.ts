import assert from 'node:assert/strict';
import { RuntimeClient, verifyContext } from './runtime-client.js';

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /profiles/{uid}/{file} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.get('kind', 'photo') == 'photo';
      allow delete: if request.auth.uid == uid && resource.size > 0;
    }
    match /releases/{version}/{file} {
      allow read: if true;
      allow write: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role == 'Admin';
    }
    match /checked/{file} {
      allow create: if firestore.exists(/databases/(default)/documents/allow/$(file));
    }
    match /listing/{file} {
      allow list: if request.auth != null;
    }
  }
}`;

function upload(
  size: number,
  contentType: string,
  metadata: Record<string, string> = {},
): Record<string, unknown> {
  return {
    name: 'x',
    bucket: 'bk',
    size,
    contentType,
    metadata,
    timeCreated: new Date(),
    md5Hash: 'abc',
  };
}

describe('storage rules runtime (JSON-lines protocol)', function () {
  this.timeout(20000);
  let client: RuntimeClient;

  before(async () => {
    client = new RuntimeClient();
    await client.ready;
    const loaded = await client.request('load_ruleset', {
      rulesetName: 'main',
      source: { files: [{ name: 'storage.rules', content: RULES }] },
    });
    assert.deepEqual(loaded.errors, []);
    assert.deepEqual(loaded.result, { rulesVersion: 2 });
  });

  after(() => client.close());

  const permit = async (context: Record<string, unknown>): Promise<boolean> => {
    const answer = await client.request('verify', context);
    assert.deepEqual(answer.errors, [], JSON.stringify(answer));
    return (answer.result as { permit: boolean }).permit;
  };

  it('reports syntax errors in the shape the emulator logs, and loads nothing', async () => {
    const broken = await client.request('load_ruleset', {
      rulesetName: 'broken',
      source: {
        files: [
          {
            name: 'bad.rules',
            content:
              'service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if 1 +;\n  }\n}',
          },
        ],
      },
    });
    const issue = JSON.parse((broken.errors as string[])[0]!) as {
      description_: string;
      sourcePosition_: Record<string, unknown>;
    };
    assert.deepEqual(issue.sourcePosition_, { fileName_: 'bad.rules', line_: 3, column_: 23 });
    assert.match(issue.description_, /Unexpected ';'; expected an expression/);
    const verify = await client.request('verify', verifyContext('broken', 'get', '/b/bk/o/a'));
    assert.match((verify.errors as string[])[0]!, /not loaded/);
  });

  it('checks uploads by size, content type and metadata', async () => {
    const path = '/b/bk/o/profiles/u1/photo.png';
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, { uid: 'u1', after: upload(1000, 'image/png') }),
      ),
      true,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, { uid: 'u2', after: upload(1000, 'image/png') }),
      ),
      false,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, {
          uid: 'u1',
          after: upload(6 * 1024 * 1024, 'image/png'),
        }),
      ),
      false,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, { uid: 'u1', after: upload(10, 'application/pdf') }),
      ),
      false,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'update', path, {
          uid: 'u1',
          after: upload(10, 'image/jpeg', { kind: 'banner' }),
        }),
      ),
      false,
    );
    assert.equal(await permit(verifyContext('main', 'get', path, { uid: 'u2' })), true);
    assert.equal(await permit(verifyContext('main', 'get', path, {})), false);
    assert.equal(
      await permit(
        verifyContext('main', 'delete', path, { uid: 'u1', before: upload(10, 'image/png') }),
      ),
      true,
    );
  });

  it('says why a request was denied in a warning', async () => {
    const answer = await client.request(
      'verify',
      verifyContext('main', 'get', '/b/bk/o/profiles/u1/p.png', {}),
    );
    assert.deepEqual(answer.warnings, [
      "Permission denied for 'get' on /b/bk/o/profiles/u1/p.png: false for 'get' @ L5",
    ]);
  });

  it('asks the emulator for Firestore documents in firestore.get() and firestore.exists()', async () => {
    client.documents = {
      '/databases/(default)/documents/users/admin': {
        name: 'projects/p/databases/(default)/documents/users/admin',
        fields: { role: { stringValue: 'Admin' } },
      },
      '/databases/(default)/documents/users/user': {
        name: 'projects/p/databases/(default)/documents/users/user',
        fields: { role: { stringValue: 'User' } },
      },
      '/databases/(default)/documents/allow/ok.txt': {
        name: 'projects/p/databases/(default)/documents/allow/ok.txt',
        fields: {},
      },
    };
    const path = '/b/bk/o/releases/1.0/app.apk';
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, {
          uid: 'admin',
          after: upload(10, 'application/octet-stream'),
        }),
      ),
      true,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, {
          uid: 'user',
          after: upload(10, 'application/octet-stream'),
        }),
      ),
      false,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', path, {
          uid: 'ghost',
          after: upload(10, 'application/octet-stream'),
        }),
      ),
      false,
    );
    assert.ok(client.fetched.includes('/databases/(default)/documents/users/ghost'));
    assert.equal(
      await permit(
        verifyContext('main', 'create', '/b/bk/o/checked/ok.txt', {
          after: upload(1, 'text/plain'),
        }),
      ),
      true,
    );
    assert.equal(
      await permit(
        verifyContext('main', 'create', '/b/bk/o/checked/no.txt', {
          after: upload(1, 'text/plain'),
        }),
      ),
      false,
    );
  });

  it('judges list requests on the listed prefix', async () => {
    assert.equal(
      await permit(verifyContext('main', 'list', '/b/bk/o/listing', { uid: 'u1' })),
      true,
    );
    assert.equal(await permit(verifyContext('main', 'list', '/b/bk/o/listing', {})), false);
    assert.equal(
      await permit(verifyContext('main', 'list', '/b/bk/o/profiles', { uid: 'u1' })),
      false,
    );
  });

  it('answers requests concurrently while one waits for a document', async () => {
    client.documents = {
      '/databases/(default)/documents/users/admin': {
        name: 'n',
        fields: { role: { stringValue: 'Admin' } },
      },
    };
    const results = await Promise.all([
      permit(
        verifyContext('main', 'create', '/b/bk/o/releases/2/a', {
          uid: 'admin',
          after: upload(1, 'x/y'),
        }),
      ),
      permit(verifyContext('main', 'get', '/b/bk/o/profiles/u/p', { uid: 'u' })),
      permit(
        verifyContext('main', 'create', '/b/bk/o/releases/2/b', {
          uid: 'nobody',
          after: upload(1, 'x/y'),
        }),
      ),
    ]);
    assert.deepEqual(results, [true, true, false]);
  });
});
