import assert from 'node:assert/strict';
import { test } from 'node:test';
import { functionLog } from '../src/function-logs.mjs';

test('functionLog reads the function, the text and the fields of a logged line', () => {
  const raw = JSON.stringify({
    data: {
      metadata: { function: { name: 'us-central1-applyAccomplishmentReport' } },
      user: { severity: 'ERROR', message: 'Refused', incidentId: 'inc-1' },
    },
  });
  assert.deepEqual(functionLog(raw), {
    fn: 'us-central1-applyAccomplishmentReport',
    message: 'Refused',
    fields: { severity: 'ERROR', message: 'Refused', incidentId: 'inc-1' },
  });
});

test("functionLog passes over the emulators' own lines", () => {
  assert.equal(functionLog(JSON.stringify({ data: { user: { message: 'no function' } } })), null);
  assert.equal(functionLog(JSON.stringify({ text: 'Beginning execution' })), null);
});
