import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MESSAGES_FILE, renderMessages } from '../../src/firestore/protocol/generate-messages.js';

describe('protocol: the typed RPC messages', () => {
  it('match the descriptor @google-cloud/firestore ships (regenerate on an SDK update)', async () => {
    const expected = await renderMessages();
    assert.ok(
      readFileSync(MESSAGES_FILE, 'utf8') === expected,
      'src/firestore/protocol/messages.ts is out of date: run `npm run generate:messages -w emulator`',
    );
    // Every RPC of the service has its request and response types.
    for (const rpc of ['Commit', 'RunQuery', 'Listen', 'Write', 'BatchGetDocuments'])
      assert.match(expected, new RegExp(`\\b${rpc}: \\{ request: \\w+; response: \\w+ \\}`));
  });
});
