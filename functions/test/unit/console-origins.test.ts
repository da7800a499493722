import assert from 'node:assert/strict';
import { consoleOrigins, originAllowed as allows } from '../../src/http/endpoint';

describe('consoleOrigins (the push endpoints’ CORS)', () => {
  it('admits the project’s own Hosting domains and no other Firebase site', () => {
    const origins = consoleOrigins({ GCLOUD_PROJECT: 'campus-safety' });
    assert.ok(allows(origins, 'https://campus-safety.web.app'));
    assert.ok(allows(origins, 'https://campus-safety.firebaseapp.com'));
    assert.ok(!allows(origins, 'https://attacker.web.app'));
    assert.ok(!allows(origins, 'https://campus-safety-evil.web.app'));
    assert.ok(!allows(origins, 'http://localhost:5000'));
  });

  it('admits the custom domains a deployment lists, and the local stack only under the emulator', () => {
    const origins = consoleOrigins({
      GCLOUD_PROJECT: 'p',
      CONSOLE_ORIGINS: ' https://safety.example.edu , javascript:alert(1), http://plain.example',
      FUNCTIONS_EMULATOR: 'true',
    });
    assert.ok(allows(origins, 'https://safety.example.edu'));
    assert.ok(!allows(origins, 'http://plain.example'));
    assert.ok(allows(origins, 'http://127.0.0.1:5000'));
    assert.ok(!allows(origins, 'http://127.0.0.1.evil.test'));
  });
});
