import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { newMail, startLocalMailbox } from '../lib/local-mailbox.mjs';
import { becomesTrue } from '../../testkit/src/wait.mjs';

const verify = (n) => ({
  email: `person${n}@campus.test`,
  requestType: 'VERIFY_EMAIL',
  oobCode: `code-${n}`,
  oobLink: `http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=code-${n}`,
});

test('each link is one line naming the address, the purpose and the link, printed once', () => {
  const seen = new Set();
  assert.deepEqual(newMail(seen, [verify(1)]), [
    `[mailbox] to person1@campus.test: open to verify the email address: ${verify(1).oobLink}`,
  ]);
  const reset = { ...verify(2), requestType: 'PASSWORD_RESET' };
  assert.deepEqual(newMail(seen, [verify(1), reset]), [
    `[mailbox] to person2@campus.test: open to reset the password: ${reset.oobLink}`,
  ]);
  assert.deepEqual(newMail(seen, [verify(1), reset]), []);
});

test('what is not a list of links prints nothing', () => {
  const seen = new Set();
  assert.deepEqual(newMail(seen, undefined), []);
  assert.deepEqual(newMail(seen, [null, { email: 'x@campus.test' }, 'text']), []);
});

test("the mailbox reads the Auth emulator's links of the project and prints new ones as they come", async () => {
  const codes = [verify(1)];
  const paths = [];
  const server = createServer((req, res) => {
    paths.push(req.url);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ oobCodes: codes }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const lines = [];
  const stop = startLocalMailbox({
    authHost: `127.0.0.1:${server.address().port}`,
    projectId: 'demo-x',
    log: (line) => lines.push(line),
    intervalMs: 10,
  });
  try {
    // A bound, not a wait (it ends when the check holds): 2 s was too short beside npm test's lanes.
    const until = (check) => becomesTrue(check, { timeoutMs: 20_000, intervalMs: 5 });
    assert.ok(await until(() => lines.length === 1));
    codes.push(verify(2));
    assert.ok(await until(() => lines.length === 2));
    assert.match(lines[1], /person2@campus\.test/);
    const polls = paths.length;
    assert.ok(await until(() => paths.length > polls + 2), 'it keeps polling');
    assert.equal(lines.length, 2, 'nothing printed twice');
    assert.equal(paths[0], '/emulator/v1/projects/demo-x/oobCodes');
  } finally {
    stop();
    server.close();
  }
});
