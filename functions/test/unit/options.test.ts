import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PROGRAMME_TIME_ZONE } from '@campus-safety/model';

describe('emulator params (functions/.env.local)', () => {
  it("keep the programme time zone the model's default", () => {
    const env = readFileSync(new URL('../../.env.local', import.meta.url), 'utf8');
    const line = env.split('\n').find((l) => l.startsWith('PROGRAMME_TIME_ZONE='));
    assert.equal(line, `PROGRAMME_TIME_ZONE=${PROGRAMME_TIME_ZONE}`);
  });
});
